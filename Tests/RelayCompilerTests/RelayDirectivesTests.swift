import GraphQLParser
import RelayCompiler
@_spi(RelayGenerated) import RelayContract
import Testing

/// Relay's directives in the schema and in validation: fragment arguments are a language
/// extension, Relay directives not compiled yet say so.
struct RelayDirectivesTests {
    static let schemaText = """
        type Query { viewer: User }
        type User { id: ID! todos(first: Int, after: String): [Todo] }
        type Todo { id: ID! text: String! }
        """

    static let schema = SchemaLoader.load(
        [Source(schemaText, name: "schema.graphql")], clientDirectives: RelayDirectives.definitions
    ).schema

    private func errors(_ files: [(String, String)]) -> [String] {
        let documents = files.map { Parser.parse(Source($0.1, name: $0.0)).document }
        return RelayValidation.validate(documents, schema: Self.schema).map(\.description)
    }

    @Test func fragmentArgumentsAreLocalVariables() {
        let result = errors([
            (
                "TodoList.swift",
                """
                fragment TodoList_user on User @argumentDefinitions(count: {type: "Int", defaultValue: 10}) {
                  todos(first: $count) @connection(key: "TodoList_todos") { id }
                }
                """
            ),
            ("App.swift", "query AppQuery($n: Int) { viewer { ...TodoList_user @arguments(count: $n) } }"),
        ])
        #expect(result == [])
    }

    @Test func globalVariablesInFragmentsMustStillBeDefined() {
        let result = errors([
            ("TodoList.swift", "fragment TodoList_user on User { todos(after: $cursor) { id } }"),
            ("App.swift", "query AppQuery { viewer { ...TodoList_user } }"),
        ])
        #expect(
            result == [
                #"TodoList.swift:1:47: error: Variable "$cursor" is not defined by operation "AppQuery"."#
            ])
    }

    @Test func relayDirectivesNotCompiledYetSaySo() {
        let result = errors([
            ("TodoList.swift", "fragment TodoList_user on User @preloadable @relay_client_component { id }")
        ])
        #expect(
            result == [
                #"TodoList.swift:1:32: error: Relay's directive "@preloadable" is not supported by relay-swift yet."#,
                #"TodoList.swift:1:45: error: Relay's directive "@relay_client_component" is not supported by relay-swift yet."#,
            ])
    }

    @Test func supportedDirectivesKeepTheirArgumentChecks() {
        let result = errors([
            ("TodoList.swift", #"fragment TodoList_user on User { todos @connection(name: "x") { id } }"#)
        ])
        #expect(
            result == [
                #"TodoList.swift:1:40: error: Directive "@connection" argument "key" of type "String!" is required, but it was not provided."#,
                #"TodoList.swift:1:52: error: Unknown argument "name" on directive "@connection"."#,
            ])
        #expect(errors([("TodoList.swift", "fragment TodoList_user on User @nope { id }")]).count == 1)
    }

    @Test func aSchemaThatDeclaresARelayDirectiveKeepsItsOwn() {
        let (schema, diagnostics) = SchemaLoader.load(
            [Source(Self.schemaText + "\ndirective @connection(key: String!) on FIELD", name: "schema.graphql")],
            clientDirectives: RelayDirectives.definitions)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(schema.directives["connection"]?.arguments.map(\.name) == ["key"])
        #expect(schema.directives["refetchable"] != nil)
    }
}

@Suite struct RelayDirectiveTableTests {
    /// A supported directive names a transform of the pipeline, which must remove it.
    @Test func everySupportedDirectiveIsConsumedByATransformOfThePipeline() {
        let transforms = Set(TransformPipeline.common.map { $0.name })
        for directive in RelayDirectives.table where directive.isSupported {
            #expect(transforms.contains(directive.consumedBy ?? ""), "@\(directive.name)")
            #expect(directive.definition?.hasPrefix("directive @\(directive.name)") == true, "@\(directive.name)")
        }
    }

    /// The store edits the runtime knows are the directives the declarative-edits transform reads.
    @Test func everyStoreEditHasItsDirective() {
        let edits = RelayDirectives.table.filter { $0.consumedBy == DeclarativeEditsTransform.name }.map(\.name)
        #expect(Set(edits) == Set(HandleKind.storeEdits.map(\.rawValue)))
        #expect(RelayDirectives.table.contains { $0.name == HandleKind.connection.rawValue && $0.isSupported })
    }

    @Test func supportedAndUnsupportedDoNotOverlap() {
        #expect(RelayDirectives.unsupported.isDisjoint(with: RelayDirectives.definitions.keys))
        #expect(Set(RelayDirectives.table.map(\.name)).count == RelayDirectives.table.count)
    }
}
