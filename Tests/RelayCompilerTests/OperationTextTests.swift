import GraphQLParser
import RelayCompiler
import Testing

/// The text sent to the server: canonical, free of Relay's directives, fragment arguments applied,
/// and valid against the server's schema as it is.
struct OperationTextTests {
    static let serverSchemaText = """
        type Query { viewer: User }
        type User { id: ID!, name: String, todos(first: Int, status: String): TodoConnection }
        type TodoConnection { edges: [TodoEdge], pageInfo: PageInfo! }
        type TodoEdge { cursor: String!, node: Todo }
        type PageInfo { hasNextPage: Boolean!, endCursor: String }
        type Todo { id: ID!, text: String! }
        """
    static let serverSchema = SchemaLoader.load([Source(serverSchemaText, name: "schema.graphql")]).schema
    static let projectSchema = SchemaLoader.load(
        [Source(serverSchemaText, name: "schema.graphql")], clientDirectives: RelayDirectives.definitions
    ).schema

    private func texts(_ files: [(String, String)]) throws -> [String: String] {
        let (program, problems) = TestProject.compile(files, schema: Self.projectSchema)
        #expect(problems.isEmpty, "\(problems)")
        var texts: [String: String] = [:]
        let programs = program.programs(schema: Self.projectSchema)
        for operation in program.operations {
            let text = programs.texts[operation.name] ?? ""
            let serverErrors = Validator.validate(
                [Parser.parse(Source(text, name: operation.name)).document], schema: Self.serverSchema)
            #expect(serverErrors.isEmpty, "\(text)\n\(serverErrors)")
            texts[operation.name] = String(text.dropLast())  // without the final newline
        }
        return texts
    }

    @Test func operationTextIsCanonicalWithItsFragmentsByName() throws {
        let texts = try texts([
            (
                "App.swift",
                "query AppQuery($withName: Boolean!) { viewer { ...B_user name @include(if: $withName) ...A_user } }"
            ),
            ("A.swift", "fragment A_user on User { id }"),
            (
                "B.swift",
                "fragment B_user on User { todos(first: 2) @connection(key: \"B_todos\") { edges { node { text } } } }"
            ),
        ])
        #expect(
            texts["AppQuery"] == """
                query AppQuery(
                  $withName: Boolean!
                ) {
                  viewer {
                    ...B_user
                    name @include(if: $withName)
                    ...A_user
                    id
                  }
                }

                fragment A_user on User {
                  id
                }

                fragment B_user on User {
                  todos(first: 2) {
                    edges {
                      node {
                        text
                        id
                        __typename
                      }
                      cursor
                    }
                    pageInfo {
                      endCursor
                      hasNextPage
                    }
                  }
                }
                """)
    }

    @Test func fragmentArgumentsAreAppliedForTheServer() throws {
        let texts = try texts([
            (
                "List.swift",
                """
                fragment List_user on User @argumentDefinitions(count: {type: "Int", defaultValue: 10}, status: {type: "String"}) {
                  todos(first: $count, status: $status) { edges { cursor } }
                }
                """
            ),
            (
                "App.swift",
                """
                query AppQuery($n: Int) {
                  viewer { ...List_user }
                  again: viewer { ...List_user @arguments(count: $n) }
                  third: viewer { ...List_user @arguments(count: $n) }
                }
                """
            ),
        ])
        let text = try #require(texts["AppQuery"])
        // Relay leaves literal nulls out of the server's text (`status` had no default).
        #expect(text.contains("todos(first: 10) {"))
        #expect(text.contains("todos(first: $n) {"))
        #expect(!text.contains("$count") && !text.contains("@arguments"))
        // The default application keeps the fragment's name; the other is named after its arguments, once.
        let names = text.split(separator: "\n").filter { $0.hasPrefix("fragment ") }.map { $0.split(separator: " ")[1] }
        #expect(names.count == 2 && names.first == "List_user" && names.last?.hasPrefix("List_user_") == true)
    }

    /// Conditions nest as Relay's IR builder nests them (sorted by variable name, the first
    /// innermost) whatever the written order, and print innermost first.
    @Test func nestedConditionsPrintAsRelayNestsThem() throws {
        let texts = try texts([
            (
                "App.swift",
                "query AppQuery($a: Boolean!, $b: Boolean!) { viewer { name @skip(if: $b) @include(if: $a) } }"
            )
        ])
        #expect(texts["AppQuery"]?.contains("name @include(if: $a) @skip(if: $b)") == true)
    }
}

extension OperationTextTests {
    @Test func conflictsThatAppearOnceArgumentsAreAppliedAreReported() {
        let documents = [
            (
                "List.swift",
                #"fragment List_user on User @argumentDefinitions(count: {type: "Int"}) { todos(first: $count) { edges { cursor } } }"#
            ),
            (
                "App.swift",
                "query AppQuery { viewer { ...List_user @arguments(count: 1) ...List_user @arguments(count: 2) } }"
            ),
        ].map { Parser.parse(Source($0.1, name: $0.0)).document }
        var timings = StageTimings()
        let checked = Pipeline.check(
            documents, schema: Self.projectSchema, context: TransformContext(schema: Self.projectSchema),
            timings: &timings)
        #expect(checked.programs == nil)
        #expect(
            checked.diagnostics.map(\.description) == [
                #"App.swift:1:1: error: Operation "AppQuery" becomes invalid once fragment arguments are applied: Fields "todos" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."#
            ])
    }
}

extension OperationTextTests {
    /// Fields merge by their applied arguments, as in Relay: a fragment's `todos(first: $count)`
    /// with `count` defaulting to 2 is the operation's `todos(first: 2)`; with another value the
    /// conflict is reported once the arguments are applied.
    @Test func fieldsMergeByTheirAppliedArguments() throws {
        let fragment = { (defaultCount: Int) in
            (
                "List.swift",
                #"fragment List_user on User @argumentDefinitions(count: {type: "Int", defaultValue: \#(defaultCount)}) { todos(first: $count) { edges { cursor } } }"#
            )
        }
        let app = ("App.swift", "query AppQuery { viewer { todos(first: 2) { edges { cursor } } ...List_user } }")
        let texts = try texts([fragment(2), app])
        #expect(texts["AppQuery"]?.contains("todos(first: 2)") == true)
        let (program, problems) = TestProject.compile([fragment(3), app], schema: Self.projectSchema)
        #expect(problems.isEmpty)
        let conflicts = OperationTextCheck.diagnostics(
            program.programs(schema: Self.projectSchema), schema: Self.projectSchema)
        #expect(
            conflicts.map(\.message).contains { $0.contains("becomes invalid once fragment arguments are applied") })
    }
}

extension OperationTextTests {
    /// A server whose `@defer` declares no `label` (`directive @defer on FRAGMENT_SPREAD`): the
    /// label the compiler adds is sent anyway, as Relay sends it, and is not an error of the
    /// operation's text. Written by hand, it still is one.
    @Test func theGeneratedDeferLabelIsKnownWhateverTheSchemaDeclares() throws {
        let schemaText = Self.serverSchemaText + "\ndirective @defer(if: Boolean) on FRAGMENT_SPREAD | INLINE_FRAGMENT"
        let schema = SchemaLoader.load(
            [Source(schemaText, name: "schema.graphql")], clientDirectives: RelayDirectives.definitions
        ).schema
        let documents = [
            (
                "List.swift",
                #"fragment List_user on User @argumentDefinitions(count: {type: "Int", defaultValue: 2}) { todos(first: $count) { edges { cursor } } }"#
            ),
            ("App.swift", "query AppQuery { viewer { ...List_user @defer } }"),
        ].map { Parser.parse(Source($0.1, name: $0.0)).document }
        var timings = StageTimings()
        let checked = Pipeline.check(
            documents, schema: schema, context: TransformContext(schema: schema), timings: &timings)
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics)")
        let text = try #require(checked.programs?.texts["AppQuery"])
        #expect(text.contains(#"...List_user @defer(label: "AppQuery$defer$List_user")"#), "\(text)")

        let handWritten = [
            Parser.parse(Source(#"query AppQuery { viewer { ... @defer(label: "x") { name } } }"#, name: "App.swift"))
                .document
        ]
        let rejected = Pipeline.check(
            handWritten, schema: schema, context: TransformContext(schema: schema), timings: &timings)
        #expect(
            rejected.diagnostics.map(\.message).contains {
                $0.contains(#"Unknown argument "label" on directive "@defer""#)
            })
    }
}

extension OperationTextTests {
    /// A client-only query (every root field a client schema extension) that selects only `__id`
    /// sends nothing and compiles, as in Relay; a server field with only `__id` under it leaves
    /// the server an empty query, which stays an error.
    @Test func aClientOnlyQueryOfIDsAloneCompiles() throws {
        let schema = RelaySchema.load(
            [Source(Self.serverSchemaText, name: "schema.graphql")],
            clientExtensions: [
                Source("extend type Query { selectedTodo: Todo }", name: "client.graphql")
            ]
        ).schema
        func check(_ text: String) -> Pipeline.CheckedDocuments {
            var timings = StageTimings()
            return Pipeline.check(
                [Parser.parse(Source(text, name: "App.swift")).document], schema: schema,
                context: TransformContext(schema: schema), timings: &timings)
        }
        let clientOnly = check("query AppQuery { selectedTodo { __id } }")
        #expect(clientOnly.diagnostics.isEmpty, "\(clientOnly.diagnostics)")
        #expect(clientOnly.programs?.texts["AppQuery"] == nil)
        let server = check("query AppQuery { viewer { __id } }")
        #expect(server.diagnostics.map(\.message).contains { $0.contains("would be sent to the server are empty") })
    }
}

extension OperationTextTests {
    /// A literal `null` argument is still an argument when fields merge: `todos(first: null)`
    /// beside `todos` conflicts, as in Relay (its selection-conflict check compares the arguments
    /// as written, `null` included; the skip-null-arguments transform runs only when the text is
    /// printed) and in graphql-js (the specification's "identical sets of arguments").
    @Test func aNullArgumentStillConflictsWithAnOmittedOne() {
        let app = Parser.parse(
            Source(
                "query AppQuery { viewer { todos(first: null) { edges { cursor } } todos { edges { cursor } } } }",
                name: "App.swift")
        ).document
        var timings = StageTimings()
        let checked = Pipeline.check(
            [app], schema: Self.projectSchema, context: TransformContext(schema: Self.projectSchema), timings: &timings)
        #expect(checked.programs == nil)
        #expect(
            checked.diagnostics.map(\.message) == [
                #"Fields "todos" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."#
            ])
    }
}
