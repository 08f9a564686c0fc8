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
    /// Client schema extensions (Relay's `schemaExtensions`): what they define is client-only.
    public var schemaExtensionFiles: [String] = []
    /// Where the configuration named each schema file: a missing one is reported there.
    public var schemaFileLocations: [String: SourceLocation] = [:]
    /// Relay's `enforce_fragment_alias_where_ambiguous` feature flag (`TransformContext`).
    public var enforcesFragmentAliases = true
    public var sourceDirectories: [String]
    public var excludes: [String]
    public var customScalars: [String: CustomScalarType]
    /// All artifacts in this folder instead of `__generated__` folders beside the sources.
    public var artifactDirectory: String?
    /// The Swift files of `sourceDirectories` when the caller has already listed them (the
    /// build cache does); nil lists them in `run()`.
    public var swiftFiles: [String]?
    /// What the caller met listing `swiftFiles` (`SourceDiscovery.Listing.problems`): sources
    /// that could not be looked through, reported as errors of the run.
    public var sourceProblems: [Diagnostic] = []
    /// One artifact per Swift file (the build plugin's layout) instead of one per definition.
    public var outputPerSourceFile = false
    /// File contents by path, read instead of the disk when present: a compile wholly in memory
    /// (the fuzz harness, tests). Paths must still be listed in `schemaFiles` and `swiftFiles`.
    public var inMemoryFiles: [String: String] = [:]
    /// A schema an earlier run loaded (`Result.schema`), used instead of reading `schemaFiles`:
    /// for callers that compile many times against one schema (the fuzz harness, tests).
    public var loadedSchema: Schema?
    /// What the last successful compile with the same schema and options knew about each Swift
    /// file (`Result.fileStates`): given it, a run compiles only the files an edit affects
    /// (`IncrementalPlan`) and leaves the other generated files as they are; nil compiles all.
    public var previous: [String: SourceFileState]?
    /// SHA-256 of files the caller has already hashed (the build cache has), by path.
    public var knownDigests: [String: String] = [:]
    /// Each Swift file's literals and parses from an earlier run (`Result.parsedSources`),
    /// reused for a file whose `knownDigests` entry is the same: a caller that compiles again
    /// and again as files change (the language server) scans and parses only what changed.
    /// Non-nil (even empty) asks the run to return them.
    public var parsedSources: [String: ParsedSource]?
    /// For an editor, which compiles on every change and writes nothing: a partial compile's
    /// errors are reported as they are (the files it did not compile were clean and are
    /// unaffected) instead of compiling everything again, errors in reading or parsing end the
    /// run (the rest of the project is checked once the text parses; `Result.stoppedAtParsing`),
    /// and generation is for diagnostics only (`ArtifactGenerator.checksOnly`).
    public var interactive = false

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

    /// A run of everything a configuration says: its schema and extensions (and where
    /// `relay.json` named them), sources, custom scalars, artifact layout and feature flags.
    /// `swiftFiles` stays nil (listed by `run()`) unless the caller has listed them.
    public init(configuration: CompilerConfiguration) {
        self.init(
            schemaFiles: configuration.schemaFiles, sourceDirectories: configuration.sourceDirectories,
            excludes: configuration.excludes, customScalars: configuration.customScalars,
            artifactDirectory: configuration.artifactDirectory)
        schemaExtensionFiles = configuration.schemaExtensionFiles
        schemaFileLocations = configuration.schemaFileLocations
        enforcesFragmentAliases = configuration.enforcesFragmentAliases
        outputPerSourceFile = configuration.outputPerSourceFile
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
        /// Each Swift file's state after this run, for the next one's `previous`; empty when
        /// the run reported errors.
        public var fileStates: [String: SourceFileState] = [:]
        /// In a partial compile, the Swift files compiled (nil for a whole compile), the
        /// generated files left as they are, and those no longer produced.
        public var affectedFiles: Set<String>?
        public var keptArtifacts: [String] = []
        public var removedArtifacts: [String] = []
        /// An `interactive` run that ended at errors in reading or parsing: `diagnostics` are
        /// those, and say nothing about the rest of the project.
        public var stoppedAtParsing = false
        /// Every Swift file's literals and parses, when `Pipeline.parsedSources` was given.
        public var parsedSources: [String: ParsedSource] = [:]
    }

    /// One Swift file read, its literals extracted and parsed.
    public struct ParsedSource: Sendable {
        public var digest: String
        public var extraction: ExtractionResult
        /// One per literal, in order.
        public var parses: [ParseResult]
        /// Each parse's definitions and spreads, for planning a partial compile.
        public var outlines: [DocumentOutline]
    }

    public func run() -> Result {
        var timings = StageTimings()
        var diagnostics: [Diagnostic] = []
        let files = inMemoryFiles
        var schemaIsMissing = false
        let schema = loadedSchema ?? loadSchema(files: files, missing: &schemaIsMissing, diagnostics: &diagnostics)
        timings.end("schema")

        let listing =
            swiftFiles.map { SourceDiscovery.Listing(files: $0, problems: sourceProblems) }
            ?? SourceDiscovery.list(sourceDirectories, excludes: excludes)
        let swiftFiles = listing.files
        diagnostics += listing.problems
        // Files are read, scanned and parsed independently, in parallel (unless an earlier run's
        // parse of the same content is at hand); results keep the sorted order.
        var sources = swiftFiles.concurrentMap { file -> ParsedSource? in
            if let digest = knownDigests[file], let earlier = parsedSources?[file], earlier.digest == digest {
                return earlier
            }
            return (files[file] ?? Self.read(file)).map {
                let extraction = GraphQLLiteralExtractor.extract(from: $0, file: file)
                let parses = extraction.literals.map { Parser.parse($0.source) }
                return ParsedSource(
                    digest: knownDigests[file] ?? SHA256.hexDigest(Array($0.utf8)), extraction: extraction,
                    parses: parses, outlines: parses.map { DocumentOutline($0.document) })
            }
        }
        var literals: [ExtractedLiteral] = []
        var documents: [Document] = []
        var outlines: [DocumentOutline] = []
        var digests: [String: String] = [:]
        var keptSources: [String: ParsedSource] = [:]
        for (file, source) in zip(swiftFiles, sources) {
            guard let source else {
                diagnostics.append(.error("cannot read '\(file)': \(SourceDiscovery.whyUnreadable(file))", at: nil))
                continue
            }
            literals += source.extraction.literals
            diagnostics += source.extraction.diagnostics
            for parse in source.parses {
                documents.append(parse.document)
                diagnostics += parse.diagnostics
            }
            outlines += source.outlines
            digests[file] = source.digest
            if parsedSources != nil { keptSources[file] = source }
        }
        // Parses are kept only for a caller that asked; the documents go once the IR is built.
        sources = []
        let documentCount = documents.count
        timings.end("extraction and parsing")
        if interactive, diagnostics.containsErrors {
            var result = Result(
                schema: schema, literals: literals, documentCount: documentCount, programs: nil, artifacts: [],
                outputFolders: [], persistedQueries: [:], diagnostics: diagnostics.sortedByLocation(),
                swiftFileCount: swiftFiles.count, timings: timings)
            result.stoppedAtParsing = true
            result.parsedSources = keptSources
            return result
        }
        let plan =
            diagnostics.isEmpty
            ? previous.flatMap {
                IncrementalPlan(
                    previous: $0, files: swiftFiles, digests: digests, outlines: outlines,
                    documentFiles: literals.map(\.source.name))
            } : nil
        // Suggestions for a misspelled spread come from every fragment, not only those checked.
        let fragmentNames = RelayValidation.fragmentNames(in: documents)
        if let plan {
            documents = plan.documentIndices.map { documents[$0] }
            timings.end("planning (\(plan.affectedFiles.count) files affected)")
        }
        // Without its schema a document's every type would be unknown: the one error is enough.
        if !schemaIsMissing {
            diagnostics += RelayValidation.validate(documents, schema: schema, fragmentNames: fragmentNames)
        }
        timings.end("validation")
        var programs: Programs?
        if !diagnostics.containsErrors {
            let (built, buildDiagnostics) = IRBuilder.build(documents, schema: schema)
            diagnostics += buildDiagnostics
            timings.end("IR")
            let (transformed, transformDiagnostics) = TransformPipeline.run(
                built, context: TransformContext(schema: schema, enforcesFragmentAliases: enforcesFragmentAliases),
                timings: &timings)
            diagnostics += transformDiagnostics
            if let transformed, !diagnostics.containsErrors {
                diagnostics += OperationTextCheck.diagnostics(transformed, schema: schema)
                timings.end("operation text check")
            }
            programs = diagnostics.containsErrors ? nil : transformed
        }
        documents = []
        var generator = ArtifactGenerator(
            schema: schema, mapping: SwiftTypeMapping(customScalars: customScalars),
            artifactDirectory: artifactDirectory, outputPerSourceFile: outputPerSourceFile ? swiftFiles : nil)
        generator.checksOnly = interactive
        if plan != nil, !diagnostics.isEmpty, !interactive {
            // A partial compile reports only what it read: compile everything for the full picture.
            return whole()
        }
        var artifacts: [Artifact] = []
        var persistedQueries: [String: String] = [:]
        var fileStates: [String: SourceFileState] = [:]
        var kept: [String] = []
        var removed: [String] = []
        if let programs {
            for text in programs.texts.values { persistedQueries[SHA256.hexDigest(text)] = text }
            // The files whose generated files stay: still there, and not affected.
            let current = Set(swiftFiles)
            let unaffected =
                plan.map { plan in
                    previous?.filter { current.contains($0.key) && !plan.affectedFiles.contains($0.key) } ?? [:]
                } ?? [:]
            let generation = generator.artifacts(
                for: programs, regenerating: plan?.affectedFiles,
                otherFiles: unaffected.filter { !$0.value.definitions.isEmpty }.mapValues(\.schemaTypes))
            diagnostics += generation.diagnostics
            artifacts = generation.diagnostics.containsErrors ? [] : generation.artifacts
            fileStates = Self.fileStates(
                swiftFiles, digests: digests, programs: programs, generation: generation, generator: generator,
                unaffected: unaffected)
            if plan != nil {
                // A name the partial compile generated that another file's definitions also have
                // (a refetch query's, say) is a conflict only a whole compile reports.
                let others = Set(unaffected.values.flatMap(\.definitions))
                let generated = Set(plan?.affectedFiles.flatMap { fileStates[$0]?.definitions ?? [] } ?? [])
                guard others.isDisjoint(with: generated) else { return whole() }
            }
            // What stays and goes on disk; an editor's compile writes nothing.
            if plan != nil, !interactive {
                kept = unaffected.values.flatMap(\.artifacts).sorted()
                let produced = Set(artifacts.map(\.path))
                let before = (previous ?? [:]).filter { !unaffected.keys.contains($0.key) }.values.flatMap(\.artifacts)
                removed = before.filter { !produced.contains($0) }.sorted()
                // A folder left without definitions loses its schema-types file.
                func foldersWithDefinitions(_ states: [String: SourceFileState]) -> Set<String> {
                    Set(states.filter { !$0.value.definitions.isEmpty }.keys.map(generator.outputFolder))
                }
                for folder in foldersWithDefinitions(previous ?? [:]).subtracting(foldersWithDefinitions(fileStates)) {
                    removed.append(folder + "/" + ArtifactGenerator.schemaTypesFileName)
                }
            }
            timings.end("code generation")
        }
        var result = Result(
            schema: schema, literals: literals, documentCount: documentCount, programs: programs, artifacts: artifacts,
            outputFolders: interactive ? [] : generator.outputFolders(forSwiftFiles: swiftFiles),
            persistedQueries: persistedQueries,
            diagnostics: diagnostics.sortedByLocation(), swiftFileCount: swiftFiles.count,
            timings: timings)
        if diagnostics.isEmpty { result.fileStates = fileStates }
        result.affectedFiles = plan?.affectedFiles
        result.keptArtifacts = kept
        result.removedArtifacts = removed.sorted()
        result.parsedSources = keptSources
        return result
    }

    /// This run again, compiling the whole project.
    private func whole() -> Result {
        var pipeline = self
        pipeline.previous = nil
        return pipeline.run()
    }

    /// Each Swift file's state after a run: the definitions and generated files of those it
    /// compiled, and `unaffected` as they were.
    private static func fileStates(
        _ swiftFiles: [String], digests: [String: String], programs: Programs, generation: ArtifactGenerator.Generation,
        generator: ArtifactGenerator, unaffected: [String: SourceFileState]
    ) -> [String: SourceFileState] {
        var definitions: [String: [String]] = [:]
        for operation in programs.reader.operations {
            definitions[operation.location.file, default: []].append(operation.name)
        }
        for fragment in programs.reader.fragments {
            definitions[fragment.location.file, default: []].append(fragment.name)
        }
        var states: [String: SourceFileState] = [:]
        for file in swiftFiles {
            if let state = unaffected[file] {
                states[file] = state
                continue
            }
            guard let digest = digests[file] else { continue }
            let names = definitions[file] ?? []
            states[file] = SourceFileState(
                digest: digest, definitions: names, artifacts: generator.artifactPaths(of: file, definitions: names),
                schemaTypes: generation.schemaTypesByFile[file] ?? [])
        }
        return states
    }

    /// The schema; `missing` tells whether one of its files could not be read.
    private func loadSchema(files: [String: String], missing: inout Bool, diagnostics: inout [Diagnostic]) -> Schema {
        var unread = false
        func sources(_ paths: [String]) -> [Source] {
            paths.compactMap { path -> Source? in
                guard let text = files[path] ?? Self.read(path) else {
                    let problem = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
                    diagnostics.append(.error("schema file '\(path)' \(problem)", at: schemaFileLocations[path]))
                    unread = true
                    return nil
                }
                do throws(Diagnostic) {
                    return Source(try IntrospectionSchema.schemaText(text, path: path), name: path)
                } catch {
                    diagnostics.append(error)
                    unread = true
                    return nil
                }
            }
        }
        let (schema, schemaDiagnostics) = RelaySchema.load(
            sources(schemaFiles), clientExtensions: sources(schemaExtensionFiles))
        // A missing file is the one error: what the rest lacks because of it would only bury it.
        if !unread { diagnostics += schemaDiagnostics }
        missing = unread
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
