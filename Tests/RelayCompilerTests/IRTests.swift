import Foundation
import GraphQLParser
import RelayCompiler
import Testing

@Suite struct IRTests {
    static let schema = SchemaLoader.load([
        Source(
            """
            type Query { viewer: User, node(id: ID!): Node, search(filter: Filter, first: Int = 10): [SearchResult!]! }
            interface Node { id: ID! }
            type User implements Node { id: ID!, name: String, todos(first: Int, status: Status): [Todo!] }
            type Todo implements Node { id: ID!, text: String! }
            union SearchResult = User | Todo
            enum Status { OPEN, DONE }
            input Filter { text: String, statuses: [Status!] }
            """, name: "schema.graphql")
    ]).schema

    static func program(_ text: String) throws -> IRProgram {
        let document = Parser.parse(Source(text, name: "Doc.graphql")).document
        let errors = Validator.validate([document], schema: schema)
        #expect(errors.isEmpty, "\(errors)")
        let (program, diagnostics) = IRBuilder.build([document], schema: schema)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return program
    }

    @Test func fieldsCarryTheirSchemaTypesAliasesAndArguments() throws {
        let program = try Self.program(
            """
            query TodosQuery($first: Int = 5) {
              viewer { me: name, todos(first: $first, status: OPEN) { id text } }
            }
            """)
        let operation = try #require(program.operations.first)
        #expect(operation.rootType == "Query" && operation.kind == .query)
        #expect(operation.variables.map(\.name) == ["first"])
        #expect(operation.variables.first?.defaultValue == .int("5"))
        guard case .linkedField(let viewer) = operation.selections.first,
            case .scalarField(let name) = viewer.selections.first,
            case .linkedField(let todos) = viewer.selections.last
        else {
            Issue.record("unexpected shape: \(operation.selections)")
            return
        }
        #expect(viewer.type == .named("User"))
        #expect(name.responseKey == "me" && name.name == "name" && name.type == .named("String"))
        #expect(todos.type == .list(.nonNull(.named("Todo"))))
        #expect(todos.arguments.map(\.value) == [.variable("first"), .enumValue("OPEN")])
        #expect(todos.arguments.map(\.type) == [.named("Int"), .named("Status")])
        #expect(name.location.line == 2 && name.location.column == 12)
    }

    @Test func inlineFragmentsAndSpreadsKeepTheirTypes() throws {
        let program = try Self.program(
            """
            query SearchQuery { search(filter: {text: "milk", statuses: [OPEN]}) { __typename ... on Todo { text } ...User_user } }
            fragment User_user on User { id ... { name } }
            """)
        #expect(program.fragments.map(\.name) == ["User_user"])
        #expect(program.fragment(named: "User_user")?.typeCondition == "User")
        guard case .linkedField(let search) = program.operations.first?.selections.first else {
            Issue.record("expected the search field")
            return
        }
        #expect(
            search.arguments.first?.value
                == .object([
                    IRObjectField(name: "text", value: .string("milk")),
                    IRObjectField(name: "statuses", value: .list([.enumValue("OPEN")])),
                ]))
        #expect(search.arguments.first?.value.isConstant == true)
        guard case .scalarField(let typename) = search.selections[0],
            case .inlineFragment(let onTodo) = search.selections[1],
            case .fragmentSpread(let spread) = search.selections[2],
            case .inlineFragment(let untyped) = program.fragments[0].selections[1]
        else {
            Issue.record("unexpected shape: \(search.selections)")
            return
        }
        #expect(typename.type == .nonNull(.named("String")))
        #expect(onTodo.typeCondition == "Todo")
        #expect(spread.name == "User_user")
        #expect(untyped.typeCondition == "User")
    }

    @Test func programOrderDoesNotDependOnDocumentOrder() throws {
        let first = Parser.parse(Source("query BQuery { viewer { id } }", name: "b.graphql")).document
        let second = Parser.parse(Source("query AQuery { viewer { id } }", name: "a.graphql")).document
        let (forward, _) = IRBuilder.build([first, second], schema: Self.schema)
        let (backward, _) = IRBuilder.build([second, first], schema: Self.schema)
        #expect(forward.operations.map(\.name) == ["AQuery", "BQuery"])
        #expect(forward == backward)
    }

    @Test func unresolvableFieldsAreDiagnosedNotTrusted() {
        let document = Parser.parse(Source("query Q { viewer { nope } }", name: "q.graphql")).document
        let (_, diagnostics) = IRBuilder.build([document], schema: Self.schema)
        #expect(
            diagnostics.map(\.description) == [#"q.graphql:1:20: error: Cannot query field "nope" on type "User"."#])
    }

    @Test func conditionsWrapSelectionsAndConstantsAreDecided() throws {
        let program = ConditionTransform.transform(
            try Self.program(
                """
                query Q($withName: Boolean!, $hide: Boolean!) {
                  viewer {
                    name @include(if: $withName) @skip(if: $hide)
                    id @include(if: true)
                    todos @skip(if: true) { id }
                  }
                }
                """), TransformContext(schema: Self.schema)
        ).program
        guard case .linkedField(let viewer) = program.operations.first?.selections.first else {
            Issue.record("expected the viewer field")
            return
        }
        #expect(viewer.selections.count == 2)
        // Nested as Relay's IR builder nests them whatever the written order: sorted by
        // variable name, the first (`$hide`) innermost.
        guard case .condition(let include) = viewer.selections[0],
            case .condition(let skip) = include.selections.first,
            case .scalarField(let name) = skip.selections.first,
            case .scalarField(let id) = viewer.selections[1]
        else {
            Issue.record("unexpected shape: \(viewer.selections)")
            return
        }
        #expect(include.value == .variable("withName") && include.passingValue)
        #expect(skip.value == .variable("hide") && !skip.passingValue)
        #expect(name.directives.isEmpty && id.directives.isEmpty)
    }
}

@Suite struct PipelineTests {
    static let quickstart = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Quickstart")

    @Test func quickstartCompilesToAProgram() throws {
        let result = Pipeline(
            schemaFiles: [Self.quickstart.appendingPathComponent("schema.graphql").path],
            sourceDirectories: [Self.quickstart.appendingPathComponent("Sources").path],
            customScalars: ["DateTime": "String"]
        ).run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let program = try #require(result.programs?.reader)
        #expect(program.operations.map(\.name) == ["ChangeTodoStatusMutation", "TodoListQuery"])
        #expect(program.fragments.map(\.name) == ["TodoItem_todo"])
        #expect(program.operations.first?.kind == .mutation)
    }

    @Test func quickstartGeneratesFilesThatCompileWithItsSources() throws {
        let sources = Self.quickstart.appendingPathComponent("Sources")
        let result = Pipeline(
            schemaFiles: [Self.quickstart.appendingPathComponent("schema.graphql").path],
            sourceDirectories: [sources.path], customScalars: ["DateTime": "String"]
        ).run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(
            result.artifacts.map { URL(fileURLWithPath: $0.path).lastPathComponent } == [
                "ChangeTodoStatusMutation.graphql.swift", "SchemaTypes.graphql.swift", "TodoItem_todo.graphql.swift",
                "TodoListQuery.graphql.swift",
            ])
        #expect(result.artifacts.allSatisfy { $0.path.hasPrefix(sources.path + "/__generated__/") })
        #expect(result.artifacts.allSatisfy { $0.contents.hasPrefix(ArtifactGenerator.header + "\n") })
        // Compact: no file longer than Relay.swift's 169 lines for ChangeTodoStatusMutation.
        for artifact in result.artifacts where artifact.path.hasSuffix("ChangeTodoStatusMutation.graphql.swift") {
            #expect(artifact.contents.split(separator: "\n", omittingEmptySubsequences: false).count <= 169)
        }
        let swiftSources = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8) }
        guard
            let errors = try SwiftTypeChecker.errors(
                in: (swiftSources + result.artifacts.map(\.contents)).joined(separator: "\n"))
        else {
            print("note: swiftc or the built Relay module not found; skipping the type check of generated files")
            return
        }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func noProgramWhenValidationFails() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "let q = graphql(\"query BadQuery { missing }\")\n".write(
            to: directory.appendingPathComponent("Bad.swift"), atomically: true, encoding: .utf8)
        let result = Pipeline(
            schemaFiles: [Self.quickstart.appendingPathComponent("schema.graphql").path],
            sourceDirectories: [directory.path]
        ).run()
        #expect(result.programs == nil)
        #expect(result.diagnostics.count == 1)
    }
}

extension IRTests {
    @Test func identityFieldsAreAddedForTheStore() throws {
        let program = try Self.program(
            """
            query Q { search { ... on Todo { text } } node(id: "1") { id ... on User { name } } viewer { me: id } }
            """)
        let operation = try #require(program.operations.first)
        let text = program.operationText(operation.name, schema: Self.schema)
        let serverErrors = Validator.validate([Parser.parse(Source(text, name: "Q")).document], schema: Self.schema)
        #expect(serverErrors.isEmpty, "\(serverErrors)")
        #expect(
            text == """
                query Q {
                  search {
                    __typename
                    ... on Todo {
                      text
                    }
                    ... on Node {
                      __isNode: __typename
                      id
                    }
                  }
                  node(id: "1") {
                    __typename
                    id
                    ... on User {
                      name
                    }
                  }
                  viewer {
                    me: id
                    id
                  }
                }
                """)
    }
}
