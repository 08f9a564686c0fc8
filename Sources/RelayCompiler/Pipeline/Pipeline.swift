import Foundation
import GraphQLParser

/// The compiler's stages, composed: Swift sources → extracted literals → parsed documents →
/// validated against the schema → IR → the transform phases (`TransformPipeline`, giving the
/// reader, normalization, operation-text and type-generation programs) → generated Swift files
/// (not yet written: the caller decides between writing and `--validate`).
/// Every stage collects diagnostics and the run reports all of them, ordered by file, line and
/// column.
public struct Pipeline: Sendable {
    /// Everything `relay.json` and the command line say: read once, never copied field by
    /// field.
    public var configuration: CompilerConfiguration
    /// The source files of the configuration when the caller has already listed them (the
    /// driver does); nil lists them in `run()`.
    public var swiftFiles: [String]?
    /// What the caller met listing `swiftFiles` (`SourceDiscovery.Listing.problems`): sources
    /// that could not be looked through, reported as errors of the run.
    public var sourceProblems: [Diagnostic] = []
    /// File contents by path, read instead of the disk when present: an editor's buffers, the
    /// build cache's reads, a compile wholly in memory (the fuzz harness, tests). Paths must
    /// still be listed in the schema files and `swiftFiles`.
    public var inMemoryFiles: [String: String] = [:]
    /// A schema an earlier run loaded (`Result.schema`), used instead of reading the schema
    /// files: for callers that compile many times against one schema (the language server, the
    /// fuzz harness, tests).
    public var loadedSchema: Schema?
    /// What this compile carries over from earlier ones (file states, digests, parses) and
    /// whether it is an editor's; a new session compiles everything.
    public var session = CompileSession()

    var parseOptions: ParseOptions { configuration.parseOptions }

    public init(configuration: CompilerConfiguration) {
        self.configuration = configuration
    }

    /// A run of a schema and source folders with the other settings at their defaults (tests
    /// and the fuzz harness change `configuration` further).
    public init(
        schemaFiles: [String], sourceDirectories: [String], excludes: [String] = [],
        customScalars: [String: CustomScalarType] = [:], artifactDirectory: String? = nil
    ) {
        var configuration = CompilerConfiguration()
        configuration.schemaFiles = schemaFiles
        configuration.sourceDirectories = sourceDirectories
        configuration.excludes = excludes
        configuration.customScalars = customScalars
        configuration.artifactDirectory = artifactDirectory
        self.init(configuration: configuration)
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
        /// Each Swift file's state after this run, for the next one's `session.previous`; empty when
        /// the run reported errors.
        public var fileStates: [String: SourceFileState] = [:]
        /// In a partial compile, the Swift files compiled (nil for a whole compile), the
        /// generated files left as they are, and those no longer produced.
        public var affectedFiles: Set<String>?
        public var keptArtifacts: [String] = []
        public var removedArtifacts: [String] = []
        /// An interactive compile (`CompileSession.interactive`) that ended at errors in reading or parsing: `diagnostics` are
        /// those, and say nothing about the rest of the project.
        public var stoppedAtParsing = false
        /// Every Swift file's literals and parses, when `CompileSession.parsedSources` was given.
        public var parsedSources: [String: ParsedSource] = [:]
    }

    /// One Swift file read, its literals extracted and parsed. A class, immutable once made:
    /// an editor's compile hands every unchanged file's parse on by reference instead of
    /// copying its arrays (copies were a third of an edit's CPU, in retains and releases).
    public final class ParsedSource: Sendable {
        public let digest: String
        public let extraction: ExtractionResult
        /// One per literal, in order.
        public let parses: [ParseResult]
        /// Each parse's definitions and spreads, for planning a partial compile.
        public let outlines: [DocumentOutline]
        /// The Relay Resolvers its doc comments declare (`@RelayResolver`), and their problems.
        public let resolverDocblocks: [ResolverDocblock]
        public let resolverDiagnostics: [Diagnostic]

        public init(
            digest: String, extraction: ExtractionResult, parses: [ParseResult], outlines: [DocumentOutline],
            resolverDocblocks: [ResolverDocblock] = [], resolverDiagnostics: [Diagnostic] = []
        ) {
            self.digest = digest
            self.extraction = extraction
            self.parses = parses
            self.outlines = outlines
            self.resolverDocblocks = resolverDocblocks
            self.resolverDiagnostics = resolverDiagnostics
        }
    }

    /// Compiles: sources → schema (with their resolver docblocks) → checks and programs →
    /// generated files. Whether the compile
    /// is partial (with `session.previous`) is planned up front, from the sources read
    /// (`IncrementalPlan`); a partial compile is one to the end.
    public func run() -> Result {
        var timings = StageTimings()
        var diagnostics: [Diagnostic] = []
        var schemaIsMissing = false
        // The sources come first: their `@RelayResolver` docblocks are part of the schema.
        var sources = readSources()
        timings.end("extraction and parsing")
        let schema =
            sources.resolverExtensions.isEmpty
            ? loadedSchema ?? loadSchema(files: inMemoryFiles, missing: &schemaIsMissing, diagnostics: &diagnostics)
            : loadSchema(
                files: inMemoryFiles, resolverExtensions: sources.resolverExtensions, missing: &schemaIsMissing,
                diagnostics: &diagnostics)
        if let allowedIdTypes = configuration.checks.nonNodeIdFields, !schemaIsMissing {
            diagnostics += NonNodeIdFields.diagnostics(schema, allowedIdTypes: allowedIdTypes)
        }
        timings.end("schema")
        diagnostics += sources.diagnostics
        // While an editor's project is typed into, a file that does not parse ends the compile
        // (the others keep what the last compile found); the first compile checks everything.
        if session.interactive, session.previous != nil, diagnostics.containsErrors {
            return stoppedAtParsing(sources, schema: schema, diagnostics: diagnostics, timings: timings)
        }
        let checked = check(
            &sources, schema: schema, schemaIsMissing: schemaIsMissing, earlier: diagnostics, timings: &timings)
        diagnostics += checked.diagnostics
        let generated = generate(
            checked, sources: sources, schema: schema, diagnostics: &diagnostics, timings: &timings)
        return result(
            generated, checked: checked, sources: sources, schema: schema, diagnostics: diagnostics, timings: timings)
    }
}
