import Foundation
import GraphQLParser

/// The compiler's stages, composed: Swift sources → extracted literals → parsed documents →
/// validated against the schema → IR → transforms → generated Swift files (not yet written:
/// the caller decides between writing and `--validate`).
/// Every stage collects diagnostics and the run reports all of them, ordered by file, line and
/// column.
public struct Pipeline {
    public var schemaFiles: [String]
    public var sourceDirectories: [String]
    public var excludes: [String]
    public var customScalars: [String: String]
    /// All artifacts in this folder instead of `__generated__` folders beside the sources.
    public var artifactDirectory: String?

    public init(
        schemaFiles: [String], sourceDirectories: [String], excludes: [String] = [],
        customScalars: [String: String] = [:], artifactDirectory: String? = nil
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
        public var documents: [Document]
        /// The transformed program; nil when any stage reported errors.
        public var program: IRProgram?
        /// The generated files; empty when any stage reported errors.
        public var artifacts: [Artifact]
        /// Every folder artifacts of these sources may live in, for removing stale ones.
        public var outputFolders: [String]
        /// Persisted-query id (SHA-256 of the text) → operation text, for every operation.
        public var persistedQueries: [String: String]
        public var diagnostics: [Diagnostic]
        public var swiftFileCount: Int
    }

    public func run() -> Result {
        var diagnostics: [Diagnostic] = []
        let schemaSources = schemaFiles.compactMap { path -> Source? in
            guard let text = Self.read(path) else {
                diagnostics.append(.error("cannot read schema file '\(path)'", at: nil))
                return nil
            }
            return Source(text, name: path)
        }
        let (schema, schemaDiagnostics) = SchemaLoader.load(
            schemaSources, clientDirectives: RelayDirectives.definitions)
        diagnostics += schemaDiagnostics

        let swiftFiles = SourceDiscovery.swiftFiles(in: sourceDirectories, excludes: excludes)
        var literals: [ExtractedLiteral] = []
        for file in swiftFiles {
            guard let text = Self.read(file) else {
                diagnostics.append(.error("cannot read '\(file)'", at: nil))
                continue
            }
            let extraction = GraphQLLiteralExtractor.extract(from: text, file: file)
            literals += extraction.literals
            diagnostics += extraction.diagnostics
        }
        let parsed = literals.map { Parser.parse($0.source) }
        diagnostics += parsed.flatMap(\.diagnostics)
        let documents = parsed.map(\.document)
        diagnostics += RelayValidation.validate(documents, schema: schema)
        var program: IRProgram?
        var variants: [String: OperationVariant] = [:]
        if !diagnostics.containsErrors {
            let (built, buildDiagnostics) = IRBuilder.build(documents, schema: schema)
            let (transformed, transformDiagnostics) = Transforms.apply(built, schema: schema)
            diagnostics += buildDiagnostics + transformDiagnostics
            if !diagnostics.containsErrors {
                // Each operation's server form, made once and shared by the checks, the
                // persisted queries and code generation.
                variants = OperationVariant.all(transformed, schema: schema)
                diagnostics += OperationTextCheck.diagnostics(transformed, schema: schema, variants: variants)
            }
            program = diagnostics.containsErrors ? nil : transformed
        }
        let generator = ArtifactGenerator(
            schema: schema, mapping: SwiftTypeMapping(customScalars: customScalars),
            artifactDirectory: artifactDirectory)
        var artifacts: [Artifact] = []
        var persistedQueries: [String: String] = [:]
        if let program {
            for variant in variants.values { persistedQueries[SHA256.hexDigest(variant.text)] = variant.text }
            let (generated, generationDiagnostics) = generator.artifacts(for: program, variants: variants)
            diagnostics += generationDiagnostics
            artifacts = generationDiagnostics.containsErrors ? [] : generated
        }
        return Result(
            schema: schema, literals: literals, documents: documents, program: program, artifacts: artifacts,
            outputFolders: generator.outputFolders(forSwiftFiles: swiftFiles), persistedQueries: persistedQueries,
            diagnostics: diagnostics.sortedByLocation(), swiftFileCount: swiftFiles.count)
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
