import Foundation
import GraphQLParser

/// The compiler's stages, composed: Swift sources → extracted literals → parsed documents →
/// validated against the schema → IR → the transform phases (`TransformPipeline`, giving the
/// reader, normalization, operation-text and type-generation programs) → generated Swift files
/// (not yet written: the caller decides between writing and `--validate`).
/// Every stage collects diagnostics and the run reports all of them, ordered by file, line and
/// column.
public struct Pipeline: Sendable {
    public var schemaFiles: [String]
    public var sourceDirectories: [String]
    public var excludes: [String]
    public var customScalars: [String: CustomScalarType]
    /// All artifacts in this folder instead of `__generated__` folders beside the sources.
    public var artifactDirectory: String?
    /// The Swift files of `sourceDirectories` when the caller has already listed them (the
    /// build cache does); nil lists them in `run()`.
    public var swiftFiles: [String]?
    /// One artifact per Swift file (the build plugin's layout) instead of one per definition.
    public var outputPerSourceFile = false
    /// File contents by path, read instead of the disk when present: a compile wholly in memory
    /// (the fuzz harness, tests). Paths must still be listed in `schemaFiles` and `swiftFiles`.
    public var inMemoryFiles: [String: String] = [:]
    /// A schema an earlier run loaded (`Result.schema`), used instead of reading `schemaFiles`:
    /// for callers that compile many times against one schema (the fuzz harness, tests).
    public var loadedSchema: Schema?

    public init(
        schemaFiles: [String], sourceDirectories: [String], excludes: [String] = [],
        customScalars: [String: CustomScalarType] = [:], artifactDirectory: String? = nil
    ) {
        self.schemaFiles = schemaFiles
        self.sourceDirectories = sourceDirectories
        self.excludes = excludes
        self.customScalars = customScalars
        self.artifactDirectory = artifactDirectory
    }

    /// What a run produced so far.
    public struct Result {
        public var schema: Schema
        public var literals: [ExtractedLiteral]
        /// How many documents were parsed (one per literal). The documents themselves are let go
        /// once the IR is built, before code generation, which is where a run peaks in memory.
        public var documentCount: Int
        /// The programs code generation read; nil when any stage reported errors.
        public var programs: Programs?
        /// The generated files; empty when any stage reported errors.
        public var artifacts: [Artifact]
        /// Every folder artifacts of these sources may live in, for removing stale ones.
        public var outputFolders: [String]
        /// Persisted-query id (SHA-256 of the text) → operation text, for every operation.
        public var persistedQueries: [String: String]
        public var diagnostics: [Diagnostic]
        public var swiftFileCount: Int
        /// How long each stage took, in order (printed by `--verbose`).
        public var timings: StageTimings
    }

    public func run() -> Result {
        var timings = StageTimings()
        var diagnostics: [Diagnostic] = []
        let files = inMemoryFiles
        let schema = loadedSchema ?? loadSchema(files: files, diagnostics: &diagnostics)
        timings.end("schema")

        let swiftFiles = swiftFiles ?? SourceDiscovery.swiftFiles(in: sourceDirectories, excludes: excludes)
        // Files are read and scanned independently, in parallel; results keep the sorted order.
        let extractions = swiftFiles.concurrentMap { file -> ExtractionResult? in
            (files[file] ?? Self.read(file)).map { GraphQLLiteralExtractor.extract(from: $0, file: file) }
        }
        var literals: [ExtractedLiteral] = []
        for (file, extraction) in zip(swiftFiles, extractions) {
            guard let extraction else {
                diagnostics.append(.error("cannot read '\(file)'", at: nil))
                continue
            }
            literals += extraction.literals
            diagnostics += extraction.diagnostics
        }
        timings.end("extraction")
        // A literal parses in microseconds: a thread is worth it for eight of them.
        var parsed = literals.concurrentMap(minimumChunkSize: 8) { Parser.parse($0.source) }
        diagnostics += parsed.flatMap(\.diagnostics)
        var documents = parsed.map(\.document)
        parsed = []
        let documentCount = documents.count
        timings.end("parsing")
        diagnostics += RelayValidation.validate(documents, schema: schema)
        timings.end("validation")
        var programs: Programs?
        if !diagnostics.containsErrors {
            let (built, buildDiagnostics) = IRBuilder.build(documents, schema: schema)
            diagnostics += buildDiagnostics
            timings.end("IR")
            let (transformed, transformDiagnostics) = TransformPipeline.run(
                built, context: TransformContext(schema: schema), timings: &timings)
            diagnostics += transformDiagnostics
            if let transformed, !diagnostics.containsErrors {
                diagnostics += OperationTextCheck.diagnostics(transformed, schema: schema)
                timings.end("operation text check")
            }
            programs = diagnostics.containsErrors ? nil : transformed
        }
        documents = []
        let generator = ArtifactGenerator(
            schema: schema, mapping: SwiftTypeMapping(customScalars: customScalars),
            artifactDirectory: artifactDirectory, outputPerSourceFile: outputPerSourceFile ? swiftFiles : nil)
        var artifacts: [Artifact] = []
        var persistedQueries: [String: String] = [:]
        if let programs {
            for text in programs.texts.values { persistedQueries[SHA256.hexDigest(text)] = text }
            let (generated, generationDiagnostics) = generator.artifacts(for: programs)
            diagnostics += generationDiagnostics
            artifacts = generationDiagnostics.containsErrors ? [] : generated
            timings.end("code generation")
        }
        return Result(
            schema: schema, literals: literals, documentCount: documentCount, programs: programs, artifacts: artifacts,
            outputFolders: generator.outputFolders(forSwiftFiles: swiftFiles), persistedQueries: persistedQueries,
            diagnostics: diagnostics.sortedByLocation(), swiftFileCount: swiftFiles.count,
            timings: timings)
    }

    private func loadSchema(files: [String: String], diagnostics: inout [Diagnostic]) -> Schema {
        let schemaSources = schemaFiles.compactMap { path -> Source? in
            guard let text = files[path] ?? Self.read(path) else {
                diagnostics.append(.error("cannot read schema file '\(path)'", at: nil))
                return nil
            }
            return Source(text, name: path)
        }
        let (schema, schemaDiagnostics) = RelaySchema.load(schemaSources)
        diagnostics += schemaDiagnostics
        return schema
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Wall-clock time per pipeline stage, for `--verbose` and for finding where a slow build goes.
public struct StageTimings: Sendable, CustomStringConvertible {
    public private(set) var stages: [(name: String, duration: Duration)] = []
    private var lastEnd = ContinuousClock.now

    public init() {}

    /// Records the time since the previous stage ended (or since creation) under `name`.
    public mutating func end(_ name: String) {
        let now = ContinuousClock.now
        stages.append((name, now - lastEnd))
        lastEnd = now
    }

    /// `schema 19 ms, extraction 41 ms, …`
    public var description: String {
        stages.map { "\($0.name) \(Self.milliseconds($0.duration)) ms" }.joined(separator: ", ")
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
