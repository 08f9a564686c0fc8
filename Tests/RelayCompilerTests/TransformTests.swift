import GraphQLParser
import RelayCompiler
@_spi(RelayGenerated) import RelayContract
import Testing

/// Relay's directives after validation: what the transforms put into the IR, and what they reject.
struct TransformTests {
    static let schema = SchemaLoader.load(
        [
            Source(
                """
                type Query { viewer: User, node(id: ID!): Node }
                interface Node { id: ID! }
                type User implements Node { id: ID!, todos(first: Int, after: String, status: String): TodoConnection }
                type TodoConnection { edges: [TodoEdge], pageInfo: PageInfo! }
                type TodoEdge { cursor: String!, node: Todo }
                type PageInfo { hasNextPage: Boolean!, endCursor: String }
                type Todo { id: ID!, text: String! }
                type Settings { theme: String, items(first: Int): [String] }
                extend type User { settings: Settings }
                """, name: "schema.graphql")
        ], clientDirectives: RelayDirectives.definitions
    ).schema

    /// Compiles the documents (named after Swift files) to a transformed program.
    private func compile(_ files: [(String, String)]) -> (IRProgram, [String]) {
        TestProject.compile(files, schema: Self.schema)
    }

    @Test func fragmentArgumentsBecomeDefinitionsAndSpreadArguments() throws {
        let (program, errors) = compile([
            (
                "TodoList.swift",
                """
                fragment TodoList_user on User
                  @argumentDefinitions(count: {type: "Int!", defaultValue: 10}, status: {type: "String"}) {
                  todos(first: $count, status: $status) { edges { cursor } pageInfo { hasNextPage } }
                }
                """
            ),
            ("App.swift", "query AppQuery($n: Int!) { viewer { ...TodoList_user @arguments(count: $n) } }"),
        ])
        #expect(errors == [])
        let fragment = try #require(program.fragment(named: "TodoList_user"))
        #expect(fragment.directives.isEmpty)
        #expect(fragment.argumentDefinitions.map(\.name) == ["count", "status"])
        #expect(fragment.argumentDefinitions.map(\.type) == [.nonNull(.named("Int")), .named("String")])
        #expect(fragment.argumentDefinitions.first?.defaultValue == .int("10"))
        guard case .linkedField(let viewer) = program.operations.first?.selections.first,
            case .fragmentSpread(let spread) = viewer.selections.first
        else {
            Issue.record("expected viewer { ...TodoList_user }")
            return
        }
        #expect(spread.directives.isEmpty)
        #expect(spread.arguments.map(\.value) == [.variable("n")])
        #expect(spread.arguments.map(\.type) == [.nonNull(.named("Int"))])
    }

    @Test func badFragmentArgumentsAreDiagnosed() {
        let (_, errors) = compile([
            (
                "TodoList.swift",
                """
                fragment TodoList_user on User
                  @argumentDefinitions(count: {type: "Int!"}, bad: {type: "[Int"}, other: 3, thing: {type: "Todo"}) {
                  todos(first: $count) { edges { cursor } }
                }
                """
            ),
            ("App.swift", "query AppQuery { viewer { ...TodoList_user @arguments(cout: 1) } }"),
        ])
        #expect(
            errors == [
                #"App.swift:1:27: error: Fragment "TodoList_user" argument "count" of type "Int!" is required, but it was not provided."#,
                #"App.swift:1:55: error: Fragment "TodoList_user" has no argument "cout". Did you mean "count"?"#,
                #"TodoList.swift:2:47: error: Invalid type "[Int" for fragment argument "bad"."#,
                #"TodoList.swift:2:68: error: Expected @argumentDefinitions argument "other" to be an object with a string "type", e.g. {type: "Int", defaultValue: 10}."#,
                #"TodoList.swift:2:78: error: Unknown input type "Todo" for fragment argument "thing"."#,
            ])
    }

    @Test func pluralRefetchableAndConnectionBecomeIRProperties() throws {
        let (program, errors) = compile([
            (
                "TodoList.swift",
                """
                fragment TodoList_user on User @refetchable(queryName: "TodoListRefetchQuery")
                  @argumentDefinitions(count: {type: "Int", defaultValue: 10}, cursor: {type: "String"}) {
                  todos(first: $count, after: $cursor, status: "open")
                  @connection(key: "TodoList_todos", filters: ["status"]) {
                    edges { node { id } } pageInfo { endCursor }
                  }
                }
                """
            ),
            ("TodoItem.swift", "fragment TodoItem_todos on Todo @relay(plural: true) { text }"),
        ])
        #expect(errors == [])
        #expect(program.fragment(named: "TodoItem_todos")?.isPlural == true)
        let list = try #require(program.fragment(named: "TodoList_user"))
        #expect(list.refetchQueryName == "TodoListRefetchQuery" && !list.isPlural && list.directives.isEmpty)
        guard case .linkedField(let todos) = list.selections.first else {
            Issue.record("expected the todos field")
            return
        }
        #expect(todos.connection == IRConnection(key: "TodoList_todos", filters: ["status"]))
        #expect(todos.directives.isEmpty)
    }

    @Test func misusedRelayDirectivesAreDiagnosed() {
        let (_, errors) = compile([
            (
                "Settings.swift",
                """
                fragment Settings_settings on Settings @refetchable(queryName: "SettingsRefetchQuery") {
                  items(first: 1) @connection(key: "Settings_items")
                }
                fragment Settings_user on User {
                  todos(first: 1) @connection(key: "todos", filters: ["first", "nope"]) { edges { cursor } }
                }
                fragment Settings_viewer on User {
                  todos(status: "open") @connection(key: "Settings_todos") { pageInfo { endCursor } }
                }
                """
            )
        ])
        #expect(
            errors == [
                #"Settings.swift:1:40: error: @refetchable fragment "Settings_settings" is on "Settings"; it must be on the query type, "#
                    + #"Viewer, Node, an object type implementing Node, an interface or union whose types all implement "#
                    + #"Node, or a @fetchable type."#,
                #"Settings.swift:2:19: error: @connection can only be used on a field that selects a connection."#,
                #"Settings.swift:5:19: error: Expected the key argument to @connection to be a string literal of the form <SomeName>_todos."#,
                #"Settings.swift:5:19: error: Expected the filters argument to @connection to be a list of names of arguments given to "todos" (first)."#,
                #"Settings.swift:8:25: error: Expected field 'todos' to be passed a 'first' or 'last' argument."#,
                #"Settings.swift:8:25: error: Expected 'todos' to be passed a 'edges' selection."#,
            ])
    }
}

extension TransformTests {
    @Test func refetchableFragmentsGetTheirQuery() throws {
        let (program, errors) = compile([
            (
                "TodoList.swift",
                """
                fragment TodoList_user on User @refetchable(queryName: "TodoListRefetchQuery")
                  @argumentDefinitions(count: {type: "Int", defaultValue: 10}) {
                  todos(first: $count) { edges { cursor } }
                }
                """
            )
        ])
        #expect(errors == [])
        let query = try #require(program.operations.first { $0.name == "TodoListRefetchQuery" })
        #expect(query.location.file == "TodoList.swift")
        #expect(OperationTextCheck.diagnostics(program.programs(schema: Self.schema), schema: Self.schema).isEmpty)
        // `yu5n1`: Relay's name for the fragment applied to `count: $count`.
        #expect(
            program.operationText(query.name, schema: Self.schema) == """
                query TodoListRefetchQuery(
                  $count: Int = 10
                  $id: ID!
                ) {
                  node(id: $id) {
                    __typename
                    ...TodoList_user_yu5n1
                    id
                  }
                }

                fragment TodoList_user_yu5n1 on User {
                  todos(first: $count) {
                    edges {
                      cursor
                    }
                  }
                  id
                }
                """)
    }

    /// The derived name's hash part of the fragment copy the refetch query uses.
    /// The refetch query declares what the fragment and the fragments it spreads read from the
    /// operation (here `$status`, typed by where it is used); a fragment argument of the same
    /// name as such a variable is a conflict, as in Relay.
    @Test func refetchQueriesDeclareTheGlobalVariablesTheirFragmentsRead() throws {
        let (program, errors) = compile([
            (
                "TodoList.swift",
                """
                fragment TodoList_user on User @refetchable(queryName: "TodoListRefetchQuery") {
                  ...TodoList_items
                }
                fragment TodoList_items on User { todos(first: 2, status: $status) { edges { cursor } } }
                """
            )
        ])
        #expect(errors == [])
        let query = try #require(program.operations.first { $0.name == "TodoListRefetchQuery" })
        #expect(query.variables.map { "\($0.name): \($0.type)" } == ["status: String", "id: ID!"])
        let (_, clash) = compile([
            (
                "TodoList.swift",
                """
                fragment TodoList_user on User @refetchable(queryName: "TodoListRefetchQuery")
                  @argumentDefinitions(status: {type: "String"}) {
                  ...TodoList_items
                }
                fragment TodoList_items on User { todos(first: 2, status: $status) { edges { cursor } } }
                """
            )
        ])
        // `$status` is TodoList_user's own, yet only TodoList_items (where it is global) reads it.
        #expect(
            clash == [
                "TodoList.swift:2:24: error: Variable `$status` is never used in fragment `TodoList_user`. "
                    + "`@argumentDefinitions` defines local variables, global variables are implicitly available.",
                "TodoList.swift:2:24: error: Fragment variable `$status` conflicts with a global variable generated by the @refetchable generated query",
            ])
    }

    @Test func refetchQueryNamesMustBeFree() {
        let (_, errors) = compile([
            ("TodoList.swift", #"fragment TodoList_user on User @refetchable(queryName: "TodoListQuery") { id }"#),
            ("TodoList.swift", "query TodoListQuery { viewer { id } }"),
        ])
        #expect(
            errors.contains {
                $0.contains(#"The refetch query name "TodoListQuery" of fragment "TodoList_user" is already used."#)
            })
    }
}

extension TransformTests {
    @Test func declarativeEditsAreReadIntoTheIRAndLeaveTheServerText() throws {
        let (program, errors) = compile([
            (
                "Todo.swift",
                """
                query TodoQuery($id: ID!, $connections: [ID!]!) {
                  node(id: $id) { id @deleteEdge(connections: $connections) }
                  viewer { todos(first: 1) { edges @appendEdge(connections: $connections) { cursor } } }
                }
                """
            )
        ])
        #expect(errors == [])
        let operation = try #require(program.operations.first)
        guard case .linkedField(let node)? = operation.selections.first,
            case .scalarField(let id)? = node.selections.first(where: {
                if case .scalarField(let field) = $0 { field.name == "id" } else { false }
            })
        else {
            Issue.record("unexpected selections \(operation.selections)")
            return
        }
        #expect(id.storeEdit?.handler == .deleteEdge)
        #expect(id.directives.isEmpty)
        let programs = program.programs(schema: Self.schema)
        #expect(programs.clientVariables(of: operation.name) == ["connections"])
        let text = try #require(programs.texts[operation.name])
        #expect(text.hasPrefix("query TodoQuery(\n  $id: ID!\n) {"))
        #expect(!text.contains("@"))
    }

    @Test func misusedDeclarativeEditsAreDiagnosed() {
        let (_, errors) = compile([
            (
                "Todo.swift",
                """
                query TodoQuery($connections: [ID!]!) {
                  viewer {
                    settings @deleteRecord { theme }
                    alias: id @appendEdge(connections: $connections)
                    other: settings @appendEdge(connections: $connections) { theme }
                    third: settings @appendNode(connections: $connections, edgeTypeName: "Settings") { theme }
                    fourth: settings @appendNode(connections: $connections, edgeTypeName: "TodoEdge") @prependNode(connections: $connections, edgeTypeName: "TodoEdge") { theme }
                  }
                }
                """
            )
        ])
        #expect(
            errors == [
                #"Todo.swift:3:14: error: @deleteRecord can only be used on a field of type ID or [ID]."#,
                #"Todo.swift:4:15: error: @appendEdge can only be used on an object field."#,
                #"Todo.swift:5:21: error: @appendEdge can only be used on a field of edges (a type with a "node" field); "settings" is Settings."#,
                #"Todo.swift:6:21: error: @appendNode's edgeTypeName "Settings" must name an object type with a "node" field."#,
                #"Todo.swift:7:87: error: A field takes one of @appendEdge, @appendNode, @deleteEdge, @deleteRecord, @prependEdge, @prependNode; this field has 2."#,
            ])
    }
}
