import GraphQLParser
import Testing

struct SchemaBuilderTests {
    private func load(_ files: [(String, String)]) -> (Schema, [String]) {
        let (schema, diagnostics) = SchemaLoader.load(files.map { Source($0.1, name: $0.0) })
        return (schema, diagnostics.map(\.description))
    }

    @Test func buildsTypesFieldsAndBuiltIns() throws {
        let (schema, errors) = load([
            (
                "schema.graphql",
                """
                "The root."
                type Query { todo(id: ID!): Todo @deprecated(reason: "Use node.") node(id: ID!): Node }
                interface Node { id: ID! }
                type Todo implements Node { id: ID! text: String! priority: Priority }
                enum Priority { LOW HIGH @deprecated }
                input TodoInput @oneOf { text: String tag: String }
                scalar DateTime @specifiedBy(url: "https://example.com/datetime")
                union SearchResult = Todo
                """
            )
        ])
        #expect(errors == [])
        #expect(schema.queryType == "Query")
        #expect(schema.mutationType == nil)
        let query = try #require(schema["Query"])
        #expect(query.description == "The root.")
        #expect(query.fields.map(\.name) == ["todo", "node"])
        #expect(query.field("todo")?.deprecationReason == "Use node.")
        #expect(query.field("todo")?.arguments.first?.type == .nonNull(.named("ID")))
        #expect(schema["Priority"]?.enumValues.map(\.name) == ["LOW", "HIGH"])
        #expect(schema["Priority"]?.enumValue("HIGH")?.deprecationReason == "No longer supported")
        #expect(schema["TodoInput"]?.isOneOf == true)
        #expect(schema["DateTime"]?.specifiedByURL == "https://example.com/datetime")
        #expect(schema.possibleTypes(of: try #require(schema["Node"])).map(\.name) == ["Todo"])
        #expect(schema.possibleTypes(of: try #require(schema["SearchResult"])).map(\.name) == ["Todo"])
        // Built-ins are there without being declared.
        #expect(schema["String"]?.kind == .scalar)
        #expect(schema["__Schema"]?.kind == .object)
        #expect(schema.directives["include"]?.locations.contains(.field) == true)
        #expect(schema.field("__typename", on: query)?.type == .nonNull(.named("String")))
        #expect(schema.field("__schema", on: query) != nil)
        #expect(schema.field("__schema", on: try #require(schema["Todo"])) == nil)
    }

    @Test func appliesExtensionsFromOtherFiles() throws {
        let (schema, errors) = load([
            ("schema.graphql", "type Query { a: Int } type User { id: ID! } enum Role { ADMIN }"),
            (
                "client.graphql",
                "extend type User { isSelected: Boolean } extend enum Role { GUEST } type ClientOnly { x: Int } extend type Query { local: ClientOnly }"
            ),
        ])
        #expect(errors == [])
        #expect(schema["User"]?.fields.map(\.name) == ["id", "isSelected"])
        #expect(schema["Role"]?.enumValues.map(\.name) == ["ADMIN", "GUEST"])
        #expect(schema["Query"]?.field("local")?.type == .named("ClientOnly"))
        #expect(schema["User"]?.extensions.count == 1)
    }

    @Test func rootTypesFromTheSchemaDefinition() {
        let (schema, errors) = load([
            (
                "schema.graphql",
                "schema { query: Root mutation: Change } type Root { a: Int } type Change { b: Int } type Query { c: Int }"
            )
        ])
        #expect(errors == [])
        #expect(schema.queryType == "Root")
        #expect(schema.mutationType == "Change")
    }

    /// Errors with several locations point at the first, as graphql-js lists them; the others
    /// are notes.
    @Test func reportsEveryProblemOfEveryFileInOrder() {
        let (_, errors) = load([
            ("b.graphql", "type Query { a: Missing }\ntype Query { b: Int }"),
            ("a.graphql", "type T implements I { x: Int }\ninterface I { y: Int }\ntype ( broken"),
        ])
        #expect(
            errors == [
                "a.graphql:2:15: error: Interface field I.y expected but T does not provide it.",
                "a.graphql:3:6: error: Syntax Error: Expected Name, found \"(\".",
                "b.graphql:1:6: error: There can be only one type named \"Query\".",
                "b.graphql:1:17: error: Unknown type \"Missing\".",
            ])
    }

    @Test func schemaWithoutQueryTypeIsReported() {
        let (_, errors) = load([("schema.graphql", "type Foo { a: Int }")])
        #expect(errors == ["error: Query root type must be provided."])
    }
}
