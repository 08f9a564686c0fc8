import Foundation
import GraphQLParser

/// One generated file: where it goes and what it holds.
public struct Artifact: Hashable, Sendable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// Writes generated files without ever losing data: a file is written only when its contents
/// changed (so an unchanged file keeps its modification time and Swift's incremental build
/// skips it), every write goes to a temporary file that is then renamed over the target (so a
/// killed compiler leaves the old or the new file, never half of one), and only files this
/// compiler generated — recognised by their first line — are ever deleted or overwritten.
///
/// Every entry point (the command line, both plugins, which run it) writes through here, so the
/// rules hold for all of them: a file at an artifact's path that lacks the generated header is
/// somebody's work and is never replaced, the persisted-query map is never written over an input
/// of the compile or over a file that is not such a map, and when anything is refused the run
/// writes and deletes nothing at all, so a project is never left half updated.
public struct ArtifactWriter: Sendable {
    /// Folders whose stale generated files may be deleted: the output folders of this run.
    public var outputDirectories: [String]
    /// The files this compile reads, with what each one is ("a Swift source", "the schema"…):
    /// the persisted-query map is never written over one of them.
    public var inputs: [String: String]

    public init(outputDirectories: [String], inputs: [String: String] = [:]) {
        self.outputDirectories = outputDirectories
        self.inputs = inputs
    }

    public struct Report: Equatable, Sendable {
        public var written: [String] = []
        public var unchanged: [String] = []
        public var deleted: [String] = []
        public var diagnostics: [Diagnostic] = []
    }

    /// What `--validate` finds: generated files that are missing, differ, or should not exist.
    public struct Differences: Equatable, Sendable {
        public var missing: [String] = []
        public var outdated: [String] = []
        public var extra: [String] = []

        public var isEmpty: Bool { missing.isEmpty && outdated.isEmpty && extra.isEmpty }
    }

    /// Writes `artifacts` and deletes generated files that no longer belong to the output.
    ///
    /// After a partial compile, `kept` lists the generated files left as they are (reported
    /// unchanged, never read) and `removed` those no longer produced; only these are deleted
    /// (when generated), instead of every generated file of the folders that is not written.
    ///
    /// `persistedQueries`, when given, is merged into the query map at its path. When any file
    /// would be overwritten that this compiler did not write, the report lists each one and
    /// nothing is written or deleted.
    public func write(
        _ artifacts: [Artifact], persistedQueries: PersistedQueryMap? = nil, keeping kept: [String]? = nil,
        removing removed: [String] = []
    ) -> Report {
        var report = Report()
        let manager = FileManager.default
        var artifacts = artifacts
        if let persistedQueries {
            switch persistedQueryArtifact(persistedQueries) {
            case .success(let artifact): artifacts.append(artifact)
            case .failure(let refusal): report.diagnostics.append(refusal)
            }
        }
        let persistedPath = persistedQueries?.path
        // Files are independent, so comparing them runs in parallel (each read once); the
        // report lists them in path order whatever order the reads finished in.
        let sorted = artifacts.sorted { $0.path < $1.path }
        let states = sorted.concurrentMap { artifact -> ExistingFile in
            let existing = FileManager.default.contents(atPath: artifact.path)
            if existing == Data(artifact.contents.utf8) { return .same }
            // The map's own rules were checked as it was merged; a generated file must carry the header.
            guard let existing, artifact.path != persistedPath, !Self.isSymbolicLink(artifact.path) else {
                return .replaceable
            }
            return existing.starts(with: Data(ArtifactGenerator.header.utf8)) ? .replaceable : .foreign
        }
        for (artifact, state) in zip(sorted, states) where state == .foreign {
            report.diagnostics.append(Self.foreignFileRefusal(artifact.path))
        }
        guard report.diagnostics.isEmpty else { return report }
        let outcomes = zip(sorted, states).map { $0 }.concurrentMap { artifact, state -> WriteOutcome in
            if state == .same { return .unchanged }
            do {
                try Self.writeAtomically(Data(artifact.contents.utf8), to: artifact.path)
                return .written
            } catch {
                return .failed(.error("cannot write '\(artifact.path)': \(Self.describe(error))", at: nil))
            }
        }
        for (artifact, outcome) in zip(sorted, outcomes) {
            switch outcome {
            case .unchanged: report.unchanged.append(artifact.path)
            case .written: report.written.append(artifact.path)
            case .failed(let diagnostic): report.diagnostics.append(diagnostic)
            }
        }
        let keep = Set(artifacts.map(\.path)).union(kept ?? [])
        for leftover in abandonedTemporaryFiles() { unlink(leftover) }
        if let kept { report.unchanged = (report.unchanged + kept).sorted() }
        let stale =
            kept == nil
            ? generatedFiles()
            : removed.filter { !keep.contains($0) && !Self.isSymbolicLink($0) && Self.isGenerated($0) }
        for stale in stale where !keep.contains(stale) {
            do {
                try manager.removeItem(atPath: stale)
                report.deleted.append(stale)
            } catch {
                report.diagnostics.append(.error("cannot delete '\(stale)': \(Self.describe(error))", at: nil))
            }
        }
        return report
    }

    /// Compares the output folders with `artifacts` without writing anything.
    public func differences(from artifacts: [Artifact]) -> Differences {
        var differences = Differences()
        let manager = FileManager.default
        for artifact in artifacts.sorted(by: { $0.path < $1.path }) {
            guard let existing = manager.contents(atPath: artifact.path) else {
                differences.missing.append(artifact.path)
                continue
            }
            if existing != Data(artifact.contents.utf8) { differences.outdated.append(artifact.path) }
        }
        let expected = Set(artifacts.map(\.path))
        differences.extra = generatedFiles().filter { !expected.contains($0) }
        return differences
    }

    /// The files in the output folders that this compiler generated, sorted.
    func generatedFiles() -> [String] {
        let manager = FileManager.default
        var files: [String] = []
        for directory in Set(outputDirectories) {
            guard let names = try? manager.contentsOfDirectory(atPath: directory) else { continue }
            for name in names where name.hasSuffix(".graphql.swift") {
                let path = (directory as NSString).appendingPathComponent(name)
                if !Self.isSymbolicLink(path), Self.isGenerated(path) { files.append(path) }
            }
        }
        return files.sorted()
    }

    /// Temporary files (`.<name>.graphql.swift.<pid>.tmp`) that a compiler killed while
    /// writing left behind in the output folders: only those whose process no longer runs, so
    /// a compiler running at the same time keeps its own.
    func abandonedTemporaryFiles() -> [String] {
        var files: [String] = []
        for directory in Set(outputDirectories) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".graphql.swift.") {
                let parts = name.split(separator: ".")
                guard parts.count >= 2, let pid = Int32(parts[parts.count - 2]),
                    pid != ProcessInfo.processInfo.processIdentifier, kill(pid, 0) != 0, errno == ESRCH
                else { continue }
                files.append((directory as NSString).appendingPathComponent(name))
            }
        }
        return files
    }

    /// A link is never one of our files, whatever it points to: cleanup leaves links alone.
    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// True when the file starts with the generated-file header.
    static func isGenerated(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = ArtifactGenerator.header
        let prefix = handle.readData(ofLength: header.utf8.count)
        return prefix == Data(header.utf8)
    }

    /// Why an artifact was not written, beyond what the system reports.
    enum RefusedWrite: Error {
        /// The artifact's path is a symbolic link: renaming over it would replace the user's
        /// link, and writing through it would write outside the output folder.
        case symbolicLink
        /// The file exists and its permissions forbid writing (e.g. a checkout that keeps
        /// files read-only until they are opened for edit): replacing it would bypass that.
        case readOnlyFile
    }

    /// Writes to a temporary file in the target's folder (created when missing), then renames it
    /// over the target: a reader sees the old file or the new one, never part of one.
    static func writeAtomically(_ data: Data, to path: String) throws {
        let manager = FileManager.default
        if isSymbolicLink(path) { throw RefusedWrite.symbolicLink }
        // An existing file we may not write (a missing one fails with ENOENT and is created).
        if access(path, W_OK) != 0, errno == EACCES || errno == EROFS { throw RefusedWrite.readOnlyFile }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !manager.fileExists(atPath: directory) {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let temporary = (directory as NSString).appendingPathComponent(
            ".\((path as NSString).lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        // Plain POSIX calls: Foundation's own atomic write also syncs every file to disk, which
        // costs more than the rest of a compile. A killed compiler cannot leave half a file
        // either way; the rename is what makes the replacement atomic.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var written = 0
        let failure: Int32? = data.withUnsafeBytes { bytes -> Int32? in
            guard let base = bytes.baseAddress else { return nil }
            while written < bytes.count {
                let result = Foundation.write(descriptor, base + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error as? RefusedWrite {
        case .symbolicLink: return "it is a symbolic link; generated files are never written through links"
        case .readOnlyFile: return "the file is read-only"
        case nil: break
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if error is CocoaError { return "permission denied or folder not writable" }
        return "\(error)"
    }
}
