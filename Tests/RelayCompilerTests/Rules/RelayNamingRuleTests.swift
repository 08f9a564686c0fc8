import GraphQLParser
import RelayCompiler
import Testing

struct ModuleNameTests {
    @Test(arguments: [
        ("ChangeTodoStatus.swift", "ChangeTodoStatus"),
        ("Sources/App/ToDoItem.swift", "ToDoItem"),
        ("todo-list.swift", "todoList"),
        ("todo_list.swift", "todoList"),
        ("ToDoItem.generated.swift", "ToDoItem"),
        ("Sources/My App/my-file.view.swift", "myFile"),
        ("-leading.swift", "Leading"),
        ("a--b__c.swift", "aBC"),
        ("Item2.swift", "Item2"),
    ])
    func moduleNames(path: String, expected: String) {
        #expect(ModuleName.forFile(path) == expected)
    }
}

/// RelayNamingRule: Relay's naming rules and project-wide checks, over documents named after
/// Swift files.
struct RelayNamingRuleTests {
    static let schema = SchemaBuilder.build([
        Parser.parse(
            Source(
                """
                type Query { todo(id: ID!): Todo viewer: User }
                type Mutation { changeTodoStatus(input: ChangeTodoStatusInput!): ChangeTodoStatusPayload }
                input ChangeTodoStatusInput { id: ID! complete: Boolean! }
                type ChangeTodoStatusPayload { todo: Todo }
                type Todo { id: ID! text: String! complete: Boolean! }
                type User { id: ID! todos(first: Int): [Todo] }
                """, name: "schema.graphql")
        ).document
    ])

    private func errors(_ files: [(String, String)]) -> [String] {
        let documents = files.map { Parser.parse(Source($0.1, name: $0.0)).document }
        return RelayValidation.validate(documents, schema: Self.schema).map(\.description)
    }

    @Test func acceptsNamesThatFollowTheRules() {
        let result = errors([
            (
                "ChangeTodoStatus.swift",
                "mutation ChangeTodoStatusMutation($input: ChangeTodoStatusInput!) { changeTodoStatus(input: $input) { todo { id complete } } }"
            ),
            ("ToDoItem.swift", "fragment ToDoItem_todo on Todo { id text complete }"),
            ("todo-list.swift", "query todoListQuery { viewer { todos(first: 10) { ...ToDoItem_todo } } }"),
        ])
        #expect(result == [])
    }

    @Test func operationNameMustStartWithTheModuleName() {
        #expect(
            errors([
                (
                    "ChangeTodoStatus.swift",
                    "mutation ChangeStatusMutation { changeTodoStatus(input: {id: 1, complete: true}) { todo { id } } }"
                )
            ])
                == [
                    "ChangeTodoStatus.swift:1:10: error: Mutations in graphql tags must start with the file's name ('ChangeTodoStatus', from ChangeTodoStatus.swift) and end with 'Mutation'. Got 'ChangeStatusMutation' instead."
                ])
    }

    @Test func suffixMustMatchTheOperationKind() {
        #expect(
            errors([("ChangeTodoStatus.swift", "query ChangeTodoStatusMutation { viewer { id } }")]) == [
                "ChangeTodoStatus.swift:1:7: error: Queries in graphql tags must start with the file's name ('ChangeTodoStatus', from ChangeTodoStatus.swift) and end with 'Query'. Got 'ChangeTodoStatusMutation' instead."
            ])
    }

    @Test func operationsMustBeNamed() {
        #expect(
            errors([("Sources/todo_list.view.swift", "{ viewer { id } }")]) == [
                "Sources/todo_list.view.swift:1:1: error: Operations in graphql tags must be named: expected a name like 'todoListQuery' (from todo_list.view.swift)."
            ])
    }

    @Test func fragmentNameMustStartWithTheModuleName() {
        #expect(
            errors([("ToDoItem.swift", "fragment TodoItem_todo on Todo { id }")]) == [
                "ToDoItem.swift:1:10: error: Fragments in graphql tags must start with the file's name ('ToDoItem', from ToDoItem.swift). Got 'TodoItem_todo' instead."
            ])
    }

    /// relay.json's `requireFileNamePrefix: false` (Relay 21 outside Meta): any name, but an
    /// operation still ends with its kind and names stay unique.
    @Test func withoutTheFilePrefixOnlyTheSuffixAndUniquenessApply() {
        let documents = [
            ("Screens/Home.swift", "query FeedQuery { viewer { id } }\nfragment Row_todo on Todo { id }"),
            ("Screens/Settings.swift", "query Preferences { viewer { id } }\nfragment Row_todo on Todo { text }"),
        ].map { Parser.parse(Source($0.1, name: $0.0)).document }
        let messages = RelayValidation.validate(documents, schema: Self.schema, requiresFileNamePrefix: false).map(
            \.description)
        #expect(
            messages == [
                #"Screens/Home.swift:2:10: error: There can be only one fragment named "Row_todo"."#,
                "Screens/Settings.swift:1:7: error: Queries in graphql tags must end with 'Query'. Got 'Preferences' instead.",
            ], "\(messages)")
        // With the prefix: each of the four names is also an error.
        #expect(RelayValidation.validate(documents, schema: Self.schema).count == 5)
    }

    @Test func namesAreUniqueAcrossTheProjectWithBothLocations() {
        let documents = [
            ("A.swift", "query AQuery { viewer { id } }\nfragment A_todo on Todo { id }"),
            ("B.swift", "query AQuery { viewer { id } }"),
        ].map { Parser.parse(Source($0.1, name: $0.0)).document }
        let diagnostics = RelayValidation.validate(documents, schema: Self.schema)
        let duplicate = diagnostics.first { $0.message.hasPrefix("There can be only one operation named") }
        #expect(duplicate?.location?.file == "A.swift")
        #expect(duplicate?.notes.first?.location?.file == "B.swift")
    }

    @Test func operationAndFragmentMayNotShareAName() {
        let result = errors([
            ("Item.swift", "query ItemQuery { viewer { id } }"),
            ("Item2.swift", "fragment ItemQuery on Todo { id }"),
        ])
        #expect(result.contains { $0.contains("There can be only one operation or fragment named \"ItemQuery\"") })
    }

    @Test func aliasesMayNotBeginWithTwoUnderscores() {
        #expect(
            errors([("Todo.swift", "query TodoQuery { viewer { __secret: id } }")]) == [
                "Todo.swift:1:28: error: Alias \"__secret\" begins with \"__\", which is reserved for GraphQL and Relay's own fields."
            ])
    }

    @Test func fragmentsAreGlobalAndUnusedOnesAreFine() {
        let result = errors([
            (
                "ToDoItem.swift",
                "fragment ToDoItem_todo on Todo { id ...ToDoItem_extra } fragment ToDoItem_unused on Todo { id }"
            ),
            ("ToDoItemExtra.swift", "fragment ToDoItemExtra_todo on Todo { text }"),
            ("List.swift", "query ListQuery($first: Int) { viewer { todos(first: $first) { ...ToDoItem_todo } } }"),
        ])
        // ToDoItem_extra is unknown; the unused fragment and the cross-file spread are fine.
        #expect(
            result == [
                "ToDoItem.swift:1:40: error: Unknown fragment \"ToDoItem_extra\". Did you mean \"ToDoItem_todo\", \"ToDoItemExtra_todo\", or \"ToDoItem_unused\"?"
            ])
    }

    @Test func anUnknownFragmentNamesTheFragmentsItMayHaveMeant() {
        let result = errors([
            ("ToDoItem.swift", "fragment ToDoItem_todo on Todo { id }"),
            ("List.swift", "query ListQuery { viewer { todos { ...ToDoItem_tood ...Unrelated_thing } } }"),
        ])
        #expect(
            result == [
                "List.swift:1:39: error: Unknown fragment \"ToDoItem_tood\". Did you mean \"ToDoItem_todo\"?",
                "List.swift:1:56: error: Unknown fragment \"Unrelated_thing\".",
            ])
    }

    @Test func theNamingMessageSpeaksOfTheFileName() {
        #expect(
            errors([("Sources/App/TodoList.swift", "fragment Todo_list on Todo { id }")]) == [
                "Sources/App/TodoList.swift:1:10: error: Fragments in graphql tags must start with the file's name ('TodoList', from TodoList.swift). Got 'Todo_list' instead."
            ])
    }

    @Test func variablesUsedInAnotherFilesFragmentMustBeDefined() {
        let result = errors([
            ("ToDoItem.swift", "fragment ToDoItem_user on User { todos(first: $count) { id } }"),
            ("List.swift", "query ListQuery { viewer { ...ToDoItem_user } }"),
        ])
        #expect(
            result == ["ToDoItem.swift:1:47: error: Variable \"$count\" is not defined by operation \"ListQuery\"."])
    }
}
