import Foundation

/// Lets a compile with nothing to do finish in milliseconds: it remembers what the last
/// successful compile read (a digest of every input file's path and content) and what it left
/// on disk (each artifact's size and modification time). When the inputs hash the same and
/// every artifact is still exactly as written, the compile's result is already on disk.
///
/// Only runs without any diagnostic are recorded, so errors and warnings are reported again on
/// every run. The cache is an optimisation only: a missing, unreadable or corrupt cache file
/// means a full compile, never an error.
public struct BuildCache: Sendable {
    /// The cache file of this configuration.
    public let file: String

    /// Bumped whenever the record's layout changes.
    static let formatVersion = "relay-swift-compiler build cache 1"

    /// One cache file per configuration (and compiler build), so projects sharing a cache
    /// folder do not evict each other.
    public init(directory: String, configuration: CompilerConfiguration, compilerIdentity: String) {
        let key = [
            Self.formatVersion, compilerIdentity,
            "src", configuration.sourceDirectories.joined(separator: "\n"),
            "schema", configuration.schemaFiles.joined(separator: "\n"),
            "excludes", configuration.excludes.joined(separator: "\n"),
            "scalars",
            configuration.customScalars.sorted { $0.key < $1.key }.map { "\($0)=\($1.name) \($1.module ?? "")" }.joined(
                separator: "\n"),
            "artifacts", configuration.artifactDirectory ?? "", "persist", configuration.persistOutput ?? "",
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

        public init(inputs: String, literalCount: Int, swiftFileCount: Int, outputs: [FileStamp]) {
            self.inputs = inputs
            self.literalCount = literalCount
            self.swiftFileCount = swiftFileCount
            self.outputs = outputs
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

    /// SHA-256 over every file's path and content (hashed in parallel), or nil when one cannot
    /// be read — the compile then reports it.
    public static func inputsDigest(of files: [String]) -> String? {
        let digests = files.concurrentMap { file in
            FileManager.default.contents(atPath: file).map { SHA256.hexDigest([UInt8]($0)) }
        }
        var combined = ""
        for (file, digest) in zip(files, digests) {
            guard let digest else { return nil }
            combined += file + "\0" + digest + "\n"
        }
        return SHA256.hexDigest(combined)
    }

    /// The recorded compile when its inputs digest equals `inputs` and every artifact it wrote
    /// is unchanged on disk; nil otherwise.
    public func upToDateRecord(inputs: String) -> Record? {
        guard let record = load(), record.inputs == inputs else { return nil }
        for output in record.outputs where FileStamp(path: output.path) != output { return nil }
        return record
    }

    /// Records a successful compile. Failing to write the cache only costs the next run time.
    public func save(_ record: Record) {
        var text = Self.formatVersion + "\n" + record.inputs + "\n"
        text += "\(record.literalCount) \(record.swiftFileCount)\n"
        for output in record.outputs { text += "\(output.size) \(output.modified) \(output.path)\n" }
        try? ArtifactWriter.writeAtomically(Data(text.utf8), to: file)
    }

    /// Forgets the recorded compile (after a run with errors).
    public func invalidate() {
        unlink(file)
    }

    func load() -> Record? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 4, lines[0] == Self.formatVersion, lines.last == "" else { return nil }
        let counts = lines[2].split(separator: " ").compactMap { Int($0) }
        guard counts.count == 2 else { return nil }
        var outputs: [FileStamp] = []
        for line in lines[3..<(lines.count - 1)] {
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let size = Int64(fields[0]), let modified = Int64(fields[1]) else { return nil }
            outputs.append(FileStamp(path: String(fields[2]), size: size, modified: modified))
        }
        return Record(inputs: String(lines[1]), literalCount: counts[0], swiftFileCount: counts[1], outputs: outputs)
    }
}
