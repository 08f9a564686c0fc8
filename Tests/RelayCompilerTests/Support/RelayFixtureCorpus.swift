import Foundation
import GraphQLParser
import RelayCompiler

/// The Relay compiler's own test fixtures, rewritten as Swift files with Relay's verdict and
/// operation texts (`../shared/relay-fixtures/`, beside the checkout; `RELAY_SWIFT_SHARED`
/// overrides where `shared` is). Read in place, never copied.
enum RelayFixtureCorpus {
    /// `shared` beside the checkout (`RELAY_SWIFT_SHARED` overrides it).
    static let sharedDirectory: URL = {
        if let path = ProcessInfo.processInfo.environment["RELAY_SWIFT_SHARED"] {
            return URL(fileURLWithPath: path)
        }
        // <repo>/Tests/RelayCompilerTests/Support/RelayFixtureCorpus.swift → <repo>/../shared
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared")
    }()

    static let directory = sharedDirectory.appendingPathComponent("relay-fixtures")

    static func sharedFile(_ relativePath: String) -> URL {
        sharedDirectory.appendingPathComponent(relativePath)
    }

    static func sharedFileExists(_ relativePath: String) -> Bool {
        let present = FileManager.default.fileExists(atPath: sharedFile(relativePath).path)
        if !present { print("note: \(sharedFile(relativePath).path) is absent; skipping the tests that read it") }
        return present
    }

    static var isPresent: Bool {
        let present = FileManager.default.fileExists(atPath: directory.appendingPathComponent("corpus.json").path)
        if !present {
            print("note: \(directory.path)/corpus.json is absent; skipping the Relay fixture conformance test")
        }
        return present
    }

    /// One fixture: its Swift files (or a document to parse) and Relay's results.
    struct Entry: Decodable {
        var id: String
        var set: String
        var mode: String
        var swiftFiles: [String: String]?
        var parseDocument: String?
        var schemaExtension: String?
        var customScalars: [String: String]?
        var relayThrows: Bool
        var relayMessage: String?
        var relayOperationTexts: [String]
        var unsupportedFeatures: [String]
        var leftOut: String?

        enum CodingKeys: String, CodingKey {
            case id, set, mode
            case swiftFiles = "swift_files"
            case parseDocument = "parse_document"
            case schemaExtension = "schema_extension"
            case customScalars = "custom_scalars"
            case relayThrows = "relay_throws"
            case relayMessage = "relay_message"
            case relayOperationTexts = "relay_operation_texts"
            case unsupportedFeatures = "unsupported_features"
            case leftOut = "left_out"
        }
    }

    static func entries() throws -> [Entry] {
        try JSONDecoder().decode([Entry].self, from: Data(contentsOf: directory.appendingPathComponent("corpus.json")))
    }

    static func schemaText() throws -> String {
        try String(contentsOf: directory.appendingPathComponent("testschema.graphql"), encoding: .utf8)
    }

    /// What relay-swift made of an entry.
    struct Outcome {
        /// Error diagnostics that count for the verdict, as `path:line:col: error: message`.
        var errors: [String]
        /// Server text by operation name, when the entry compiled.
        var texts: [String: String]
        /// The operations compiled without any server text (client schema extensions only).
        var operationsWithoutText: [String] = []
        /// The programs code generation read, and the schema, when the entry compiled.
        var programs: Programs?
        var schema: Schema?
        var rejects: Bool { !errors.isEmpty }
    }

    /// Compiles the entry wholly in memory, as `relay-swift-compiler --src Sources --schema
    /// testschema.graphql [--schema-extension extension.graphql]` would (the fixture's extension is
    /// a client schema extension, as in Relay's tests). Outside the set that tests module
    /// names, errors of relay-swift's naming rule do not count: the fixtures' names were chosen
    /// for Relay's file layout.
    /// Relay's parser tests that read fragment variables in the syntax run with its
    /// `enable_fragment_argument_transform` capability, as these two sets do; the others without.
    static func parseOptions(of entry: Entry) -> ParseOptions {
        ParseOptions(
            allowsFragmentVariables: ["graphql-ir/parse", "graphql-syntax/parse_document_with_features"].contains(
                entry.set))
    }

    /// The options Relay's fixture tests turn on for some fixtures (by a marker in the fixture
    /// the export left out, or for a whole set), as relay.json turns them on in relay-swift.
    static func checks(of entry: Entry) -> OptionalChecks {
        var checks = OptionalChecks()
        checks.strictCustomScalars = entry.set == "graphql-ir/parse_with_extensions"
        if entry.set == "relay-transforms/relay_test_operation", entry.id.hasSuffix(".invalid") {
            checks.testPathRegex = "^test"
        }
        if entry.set == "relay-transforms/disallow_non_node_id_fields" {
            // What Relay's test for the set allows: its test schema's `NonNode.id: String` and a
            // fixture's own type.
            checks.nonNodeIdFields = ["NonNode": "String", "UserWithAllowedCustomIDType": "AllowedCustomIDType"]
        }
        checks.disallowsThrowOnSemanticallyNullableFields = [
            "relay-transforms/required_directive/throw-with-autofix.invalid",
            "relay-transforms/required_directive/throw-on-semantic-nullable-field-enabled.invalid",
        ].contains(entry.id)
        return checks
    }

    static func run(_ entry: Entry, schemaText: String, baseSchema: Schema) -> Outcome {
        if entry.mode == "parse" {
            let result = Parser.parse(
                Source(entry.parseDocument ?? "", name: "fixture.graphql"), options: parseOptions(of: entry))
            return Outcome(errors: result.diagnostics.filter { $0.severity == .error }.map(\.description), texts: [:])
        }
        let root = "/relay-fixtures/\(entry.id)"
        var files: [String: String] = [:]
        for (name, text) in entry.swiftFiles ?? [:] { files["\(root)/Sources/\(name)"] = text }
        var pipeline = Pipeline(schemaFiles: ["\(root)/testschema.graphql"], sourceDirectories: ["\(root)/Sources"])
        pipeline.swiftFiles = files.keys.sorted()
        for (name, type) in entry.customScalars ?? [:] {
            pipeline.configuration.customScalars[name] = CustomScalarType(type)
        }
        if let schemaExtension = entry.schemaExtension {
            files["\(root)/testschema.graphql"] = schemaText
            files["\(root)/extension.graphql"] = schemaExtension
            pipeline.configuration.schemaExtensionFiles = ["\(root)/extension.graphql"]
        } else {
            pipeline.loadedSchema = baseSchema
        }
        // Relay's fixture tests run with its feature flags off, except the set that tests
        // `enforce_fragment_alias_where_ambiguous` (on by default in Relay's compiler).
        pipeline.configuration.enforcesFragmentAliases = entry.set == "relay-transforms/fragment_alias_directive"
        pipeline.configuration.allowsFragmentVariables = parseOptions(of: entry).allowsFragmentVariables
        pipeline.configuration.checks = checks(of: entry)
        pipeline.inMemoryFiles = files
        let result = pipeline.run()
        let checksNames = entry.set == "relay-transforms/validate_module_names"
        let errors = result.diagnostics.filter { diagnostic in
            diagnostic.severity == .error && (checksNames || !isNamingRuleError(diagnostic.message))
        }
        return Outcome(
            errors: errors.map { $0.description.replacingOccurrences(of: "\(root)/", with: "") },
            texts: result.programs?.texts ?? [:],
            operationsWithoutText: (result.programs?.operationText.operations ?? []).map(\.name).filter {
                result.programs?.texts[$0] == nil
            }, programs: result.programs, schema: result.schema)
    }

    static func isNamingRuleError(_ message: String) -> Bool {
        message.contains("in graphql tags must start with the file's name") || message.contains("must be named")
    }
}
