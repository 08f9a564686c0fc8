import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// `Data` types: their shape, and that they compile against `Relay` with fragment keys and schema
/// types beside them.
struct DataTypeGeneratorTests {
    static let schema = SchemaLoader.load(
        [
            Source(
                """
                type Query { viewer: User, search(text: String!): [SearchResult!]!, node(id: ID!): Node }
                interface Node { id: ID! }
                union SearchResult = User | Todo
                type User implements Node {
                  id: ID!
                  "The name people see."
                  name: String
                  nick: String @deprecated(reason: "Use name.")
                  todos(first: Int): [Todo!]
                }
                type Todo implements Node { id: ID!, text: String!, status: Status! }
                enum Status { OPEN, DONE }
                """, name: "schema.graphql")
        ], clientDirectives: RelayDirectives.definitions
    ).schema

    static let files = [
        (
            "App.swift",
            """
            query AppQuery($withName: Boolean!) {
              viewer { id name @include(if: $withName) nick todos(first: 3) { ...Item_todo } }
              search(text: "milk") {
                __typename ... on Todo { text status } ... on User { name } ...Item_todo @dangerously_unaliased_fixme
                ...Item_todo @alias(as: "item")
              }
              node(id: "1") { ... on Node { id } }
            }
            """
        ),
        ("Item.swift", "fragment Item_todo on Todo { id text }"),
    ]

    private func generate(mapping: SwiftTypeMapping = SwiftTypeMapping()) throws -> (String, [Diagnostic]) {
        let (program, problems) = TestProject.compile(Self.files, schema: Self.schema)
        #expect(problems.isEmpty, "\(problems)")
        let generator = DataTypeGenerator(schema: Self.schema, mapping: mapping, program: program)
        var diagnostics: [Diagnostic] = []
        var declarations = program.operations.map {
            generator.dataStruct(
                named: $0.name + "_Data", parentType: $0.rootType, selections: $0.selections,
                diagnostics: &diagnostics)
        }
        declarations += program.fragments.flatMap {
            [
                DataTypeGenerator.keyProtocol(forFragment: $0.name),
                generator.dataStruct(
                    named: $0.name + "_Data", parentType: $0.typeCondition, selections: $0.selections,
                    diagnostics: &diagnostics),
            ]
        }
        let (schemaTypes, schemaDiagnostics) = SchemaTypesGenerator(schema: Self.schema, mapping: mapping)
            .declarations(for: program)
        let file = SwiftFile(headerComments: [], imports: ["Relay"], declarations: declarations + schemaTypes)
        return (SwiftRenderer().render(file), diagnostics + schemaDiagnostics)
    }

    /// A read enum field carries values added to the schema later, unless relay.json's
    /// `noFutureProofEnums` asks for the enum itself.
    @Test func enumFieldsAreFutureProofUnlessTurnedOff() throws {
        let (futureProof, _) = try generate()
        #expect(futureProof.contains("public let status: GraphQLEnum<Status>\n"))
        let (closed, diagnostics) = try generate(mapping: SwiftTypeMapping(futureProofEnums: false))
        #expect(diagnostics.isEmpty)
        #expect(closed.contains("public let status: Status\n") && !closed.contains("GraphQLEnum"))
    }

    @Test func dataTypesFollowTheSelections() throws {
        let (rendered, diagnostics) = try generate()
        #expect(diagnostics.isEmpty)
        if ProcessInfo.processInfo.environment["PRINT_GENERATED"] != nil { print(rendered) }
        // Nested structs conform only to what app code uses; `@frozen` gives them an inferred `Sendable`.
        #expect(rendered.contains("@frozen\n    public struct User_viewer: Identifiable {"))
        // Under @include: optional even though the schema's type is already nullable.
        #expect(rendered.contains("        public let name: String?\n"))
        #expect(rendered.contains(#"@available(*, deprecated, message: "Use name.")"#))
        // No initialiser: the runtime fills the stored properties by their response keys.
        #expect(!rendered.contains("public init(data: SelectionFields) throws { self.__fields"))
        #expect(!rendered.contains("@available(*, deprecated)\n"))
        #expect(rendered.contains("public let todos: [Todo_todos]?"))
        #expect(rendered.contains("public struct Todo_todos: Item_todo_Key {"))
        // On a union: one case per singled-out member type with exactly its fields, and a fallback.
        #expect(rendered.contains("public enum SearchResult_search: Relay.SelectionObject {"))
        #expect(rendered.contains("case todo(AsTodo)\n        case user(AsUser)"))
        #expect(rendered.contains("case unknown(Fallback)"))
        #expect(rendered.contains("public struct AsTodo: Item_todo_Key {"))
        #expect(rendered.contains("public let text: String\n            public let status: GraphQLEnum<Status>\n"))
        // An aliased spread: its own property, a struct conforming to the fragment's key; on
        // the case of its own type it always matches.
        #expect(rendered.contains("public let item: Todo_item\n"))
        #expect(rendered.contains("public struct Todo_item: Item_todo_Key {"))
        #expect(!rendered.contains("public let item: Todo_item?"))
        #expect(
            rendered.contains(
                "public struct Fallback {\n            public let __typename: String\n"
                    + "            public let __fields: SelectionFields\n"
                    + "        }"))
        #expect(rendered.contains("switch try data[\"__typename\"] as String {\n            case \"Todo\":"))
        // `... on Node` inside a Node field always applies.
        #expect(rendered.contains("public struct Node_node: Identifiable {"))
        // A union's enum makes its cases' structs through the runtime.
        #expect(rendered.contains("case \"User\": self = .user(try data.object(AsUser.self))"))
    }

    @Test func dataTypesCompileAgainstTheRuntime() throws {
        let (rendered, _) = try generate()
        guard let errors = try SwiftTypeChecker.errors(in: rendered) else {
            print("note: swiftc or the built Relay module not found; skipping the type check of Data types")
            return
        }
        #expect(errors.isEmpty, "\(errors)\n\(rendered)")
    }
}
