import Foundation
import GraphQLParser

/// Lets a compile with nothing to do finish in milliseconds: it remembers what the last
/// successful compile read (a digest of every input file's path and content) and what it left
/// on disk (each artifact's size and modification time). When the inputs hash the same and
/// every artifact is still exactly as written, the compile's result is already on disk.
///
/// It also remembers each Swift file's state (`SourceFileState`), so that when only Swift files
/// changed — same schema, every artifact as written — the next compile redoes only what the
/// change affects (`CompileSession.previous`).
///
/// Only runs without any diagnostic are recorded, so errors and warnings are reported again on
/// every run. The cache is an optimisation only: a missing, unreadable or corrupt cache file
/// means a full compile, never an error.
public struct BuildCache: Sendable {
    /// The cache file of this configuration.
    public let file: String

    /// Bumped whenever the record's layout changes.
    static let formatVersion = "relay-swift-compiler build cache 2"

    /// One cache file per configuration (and compiler build), so projects sharing a cache
    /// folder do not evict each other.
    public init(directory: String, configuration: CompilerConfiguration, compilerIdentity: String) {
        let key = [
            Self.formatVersion, compilerIdentity,
            "src", configuration.sourceDirectories.joined(separator: "\n"),
            "schema", configuration.schemaFiles.joined(separator: "\n"),
            "extensions", configuration.schemaExtensionFiles.joined(separator: "\n"),
            "aliases", configuration.enforcesFragmentAliases ? "enforced" : "optional",
            "fragment variables", configuration.allowsFragmentVariables ? "allowed" : "directives only",
            "texts", configuration.compactQueryText ? "compact" : "pretty",
            "test support", configuration.testSupport ? "on" : "off",
            "scalar types", configuration.requiresCustomScalarTypes ? "required" : "optional",
            "enums", configuration.futureProofEnums ? "future-proof" : "closed",
            "name prefix", configuration.requiresFileNamePrefix ? "required" : "optional",
            "checks", configuration.checks.cacheKey,
            "excludes", configuration.excludes.joined(separator: "\n"),
            "scalars",
            configuration.customScalars.sorted { $0.key < $1.key }.map { "\($0)=\($1.name) \($1.module ?? "")" }.joined(
                separator: "\n"),
            "artifacts", configuration.artifactDirectory ?? "", "persist", configuration.persistOutput ?? "",
            "persisted ids", configuration.persistAlgorithm.rawValue, configuration.remotePersisting?.cacheKey ?? "",
            "files", configuration.sourceFiles.joined(separator: "\n"),
            "layout", configuration.outputPerSourceFile ? "per-source" : "per-definition",
        ].joined(separator: "\0")
        file = (directory as NSString).appendingPathComponent(String(SHA256.hexDigest(key).prefix(24)) + ".cache")
    }

    /// What a successful compile read and wrote.
    public struct Record: Equatable, Sendable {
        /// `inputsDigest` of the files the compile read.
        public var inputs: String
        public var literalCount: Int
        public var swiftFileCount: Int
        public var outputs: [FileStamp]
        /// `inputsDigest` of the schema files alone: a compile with another schema starts over.
        public var schemaDigest: String
        /// Each Swift file's state, for a compile of what a change affects.
        public var files: [String: SourceFileState]

        public init(
            inputs: String, literalCount: Int, swiftFileCount: Int, outputs: [FileStamp], schemaDigest: String = "",
            files: [String: SourceFileState] = [:]
        ) {
            self.inputs = inputs
            self.literalCount = literalCount
            self.swiftFileCount = swiftFileCount
            self.outputs = outputs
            self.schemaDigest = schemaDigest
            self.files = files
        }
    }

    /// A file as it was on disk: a later edit, replacement or deletion changes the stamp.
    public struct FileStamp: Equatable, Sendable {
        public var path: String
        public var size: Int64
        /// Modification time in nanoseconds since 1970.
        public var modified: Int64

        /// The file's current stamp, or nil when it does not exist.
        public init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.path = path
            size = Int64(status.st_size)
            #if canImport(Darwin)
                modified = Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
            #else
                modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
            #endif
        }

        init(path: String, size: Int64, modified: Int64) {
            self.path = path
            self.size = size
            self.modified = modified
        }
    }

    /// The input files as read once for the cache (in parallel): their contents, which the
    /// compile then reads instead of the disk, and each one's SHA-256.
    public struct Inputs: Sendable {
        public var contents: [String: String] = [:]
        public var digests: [String: String] = [:]

        /// SHA-256 over `files`' paths and digests, or nil when one could not be read (the
        /// compile then reports it).
        public func digest(of files: [String]) -> String? {
            var combined = ""
            for file in files {
                guard let digest = digests[file] else { return nil }
                combined += file + "\0" + digest + "\n"
            }
            return SHA256.hexDigest(combined)
        }
    }

    public static func readInputs(_ files: [String]) -> Inputs {
        let read = files.concurrentMap { file -> (String?, String)? in
            FileManager.default.contents(atPath: file).map { data in
                // A file that is not UTF-8 is read again by the compile, which reports it.
                let decoded = TextEncoding.decode(data, file: file)
                return (decoded.problem == nil ? decoded.text : nil, SHA256.hexDigest([UInt8](data)))
            }
        }
        var inputs = Inputs()
        for (file, content) in zip(files, read) {
            guard let (text, digest) = content else { continue }
            if let text { inputs.contents[file] = text }
            inputs.digests[file] = digest
        }
        return inputs
    }

    /// The last successful compile's record, or nil.
    public func lastRecord() -> Record? { load() }

    /// Records a successful compile. Failing to write the cache only costs the next run time.
    public func save(_ record: Record) {
        var text = Self.formatVersion + "\n" + record.inputs + "\n"
        text += "\(record.literalCount) \(record.swiftFileCount) \(record.schemaDigest)\n"
        for output in record.outputs { text += "O \(output.size) \(output.modified) \(output.path)\n" }
        for (path, state) in record.files.sorted(by: { $0.key < $1.key }) {
            text += "F \(state.digest) \(path)\n"
            for name in state.definitions { text += "D \(name)\n" }
            for artifact in state.artifacts { text += "A \(artifact)\n" }
            for type in state.schemaTypes.sorted() { text += "T \(type)\n" }
        }
        try? ArtifactWriter.writeAtomically(Data(text.utf8), to: file)
    }

    /// Forgets the recorded compile (after a run with errors).
    public func invalidate() {
        unlink(file)
    }

    /// Reads the recorded compile; nil when there is none or it is not in this format. Works on
    /// the bytes: this runs on every compile, and splitting the text by `Character` cost a
    /// no-change rerun more than reading the file.
    func load() -> Record? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let space = UInt8(ascii: " ")
        func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        let lines = [UInt8](data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count >= 4, text(lines[0]) == Self.formatVersion, lines.last?.isEmpty == true else { return nil }
        let header = lines[2].split(separator: space, omittingEmptySubsequences: false)
        guard header.count == 3, let literalCount = Int(text(header[0])), let swiftFileCount = Int(text(header[1]))
        else { return nil }
        var record = Record(
            inputs: text(lines[1]), literalCount: literalCount, swiftFileCount: swiftFileCount, outputs: [],
            schemaDigest: text(header[2]))
        var current: String?
        for line in lines[3..<(lines.count - 1)] {
            let fields = line.split(separator: space, maxSplits: 1, omittingEmptySubsequences: false)
            guard fields.count == 2, fields[0].count == 1, let tag = fields[0].first else { return nil }
            switch tag {
            case UInt8(ascii: "O"):
                let parts = fields[1].split(separator: space, maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count == 3, let size = Int64(text(parts[0])), let modified = Int64(text(parts[1])) else {
                    return nil
                }
                record.outputs.append(FileStamp(path: text(parts[2]), size: size, modified: modified))
            case UInt8(ascii: "F"):
                let parts = fields[1].split(separator: space, maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2 else { return nil }
                let path = text(parts[1])
                current = path
                record.files[path] = SourceFileState(
                    digest: text(parts[0]), definitions: [], artifacts: [], schemaTypes: [])
            case UInt8(ascii: "D"), UInt8(ascii: "A"), UInt8(ascii: "T"):
                guard let current, record.files[current] != nil else { return nil }
                let value = text(fields[1])
                switch tag {
                case UInt8(ascii: "D"): record.files[current]?.definitions.append(value)
                case UInt8(ascii: "A"): record.files[current]?.artifacts.append(value)
                default: record.files[current]?.schemaTypes.insert(value)
                }
            default:
                return nil
            }
        }
        return record
    }
}

extension BuildCache.Record {
    /// Every artifact the compile wrote is still on disk exactly as written.
    public var outputsAreOnDisk: Bool {
        outputs.allSatisfy { BuildCache.FileStamp(path: $0.path) == $0 }
    }
}
