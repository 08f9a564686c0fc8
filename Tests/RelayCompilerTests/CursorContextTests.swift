import GraphQLParser
import RelayCompiler
import Testing

/// What `CursorContext` reads at an editor's cursor (`|` in each text), complete or not.
struct CursorContextTests {
    static let schema = RelaySchema.load([
        Source(
            """
            type Query { viewer: User node(id: ID!): Node }
            interface Node { id: ID! }
            type User implements Node { id: ID! todos(first: Int, status: Status): [Todo!]! }
            type Todo implements Node { id: ID! text: String! complete: Boolean! }
            enum Status { OPEN DONE }
            input AddTodoInput { text: String! status: Status }
            type Mutation { addTodo(input: AddTodoInput!): Todo addTodos(inputs: [AddTodoInput!]!): [Todo] }
            """, name: "schema.graphql")
    ]).schema

    static func context(_ marked: String) -> CursorContext {
        let parts = marked.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let offset = parts[0].utf8.count
        let text = parts.joined()
        return CursorContext(source: Source(text, name: "test.graphql"), offset: offset, schema: schema)
    }

    static func fieldParent(_ marked: String) -> String? {
        guard case .field(let parent) = context(marked).expectation else { return "not a field position" }
        return parent?.name
    }

    @Test func fieldPositionsKnowTheirParentType() {
        #expect(Self.fieldParent("query Q { viewer { todos { | } } }") == "Todo")
        #expect(Self.fieldParent("query Q { viewer { todos(first: 2) { id | } } }") == "Todo")
        #expect(Self.fieldParent("{ viewer { | } }") == "User")
        #expect(Self.fieldParent("fragment F on Todo { text | }") == "Todo")
        #expect(Self.fieldParent("query Q { node(id: 1) { ... on User { | } } }") == "User")
        #expect(Self.fieldParent("query Q { viewer { alias: todos { | } } }") == "Todo")
        // Incomplete text: nothing closed yet.
        #expect(Self.fieldParent("query Q { viewer { todos { |") == "Todo")
        #expect(Self.fieldParent("mutation M { addTodo(input: {text: \"a\"}) { | } }") == "Todo")
    }

    @Test func theNameBeingTypedIsThePrefix() {
        let context = Self.context("query Q { viewer { todos { te|xt } } }")
        #expect(context.prefix == "te")
        #expect(Self.fieldParent("query Q { viewer { todos { te|xt } } }") == "Todo")
        guard case .field(let field, let parent) = context.symbol else {
            Issue.record("expected the field text")
            return
        }
        #expect(field.name == "text" && parent.name == "Todo")
    }

    @Test func argumentsAndValues() {
        guard case .argument(let arguments, let given) = Self.context("{ viewer { todos(|) } }").expectation else {
            Issue.record("expected arguments")
            return
        }
        #expect(arguments.map(\.name) == ["first", "status"] && given.isEmpty)
        guard case .argument(_, let afterOne) = Self.context("{ viewer { todos(first: 1, |) } }").expectation else {
            Issue.record("expected arguments")
            return
        }
        #expect(afterOne == ["first"])
        guard case .value(let type) = Self.context("{ viewer { todos(status: |) } }").expectation else {
            Issue.record("expected a value")
            return
        }
        #expect(type == .named("Status"))
        guard case .variable = Self.context("query Q($s: Status) { viewer { todos(status: $|) } }").expectation else {
            Issue.record("expected a variable")
            return
        }
        guard
            case .argument(let fields, _) = Self.context("mutation M { addTodo(input: {text: \"a\", |}) { id } }")
                .expectation
        else {
            Issue.record("expected input fields")
            return
        }
        #expect(fields.map(\.name) == ["text", "status"])
        // The second object of a list is of the element type too.
        guard
            case .argument(let inList, let givenInList) = Self.context(
                "mutation M { addTodos(inputs: [{text: \"a\", status: OPEN}, {|}]) { id } }"
            ).expectation
        else {
            Issue.record("expected input fields in a list")
            return
        }
        #expect(inList.map(\.name) == ["text", "status"] && givenInList.isEmpty)
    }

    @Test func spreadsTypeConditionsDirectivesAndVariableTypes() {
        guard case .fragmentSpread(let parent) = Self.context("fragment F on User { ...| }").expectation else {
            Issue.record("expected a spread")
            return
        }
        #expect(parent?.name == "User")
        guard case .typeCondition(let within) = Self.context("{ node(id: 1) { ... on | } }").expectation else {
            Issue.record("expected a type condition")
            return
        }
        #expect(within?.name == "Node")
        guard case .directive(let locations) = Self.context("{ viewer @| }").expectation else {
            Issue.record("expected a directive")
            return
        }
        #expect(locations.contains(.field))
        guard case .inputType = Self.context("query Q($first: |) { viewer { id } }").expectation else {
            Issue.record("expected a type")
            return
        }
    }

    @Test func variablesOfOperationsAndArgumentDefinitions() {
        let query = Self.context("query Q($first: Int!, $status: [Status!]) { viewer { todos(first: $|) } }")
        #expect(query.variables.map(\.name) == ["first", "status"])
        #expect(query.variables.map(\.type) == [.nonNull(.named("Int")), .list(.nonNull(.named("Status")))])
        let fragment = Self.context(
            "fragment F on User @argumentDefinitions(count: {type: \"Int\", defaultValue: 3}) { todos(first: $|) }")
        #expect(fragment.variables.map(\.name) == ["count"])
        #expect(fragment.variables.first?.type == .named("Int"))
        // Another definition's variables are not this one's.
        let second = Self.context("query A($a: Int) { viewer { id } }\nquery B { viewer { todos(first: $|) } }")
        #expect(second.variables.isEmpty)
    }

    @Test func symbolsUnderTheCursor() {
        guard case .type(let type) = Self.context("fragment F on To|do { id }").symbol else {
            Issue.record("expected a type")
            return
        }
        #expect(type.name == "Todo")
        guard case .enumValue(let value, _) = Self.context("{ viewer { todos(status: OP|EN) { id } } }").symbol else {
            Issue.record("expected an enum value")
            return
        }
        #expect(value.name == "OPEN")
        guard case .fragment("Row_todo") = Self.context("{ viewer { todos { ...Row_|todo } } }").symbol else {
            Issue.record("expected a fragment")
            return
        }
        guard case .argument(let argument) = Self.context("{ viewer { todos(fir|st: 1) { id } } }").symbol else {
            Issue.record("expected an argument")
            return
        }
        #expect(argument.name == "first")
        guard case .directive(let directive) = Self.context("{ viewer @inclu|de(if: true) { id } }").symbol else {
            Issue.record("expected a directive")
            return
        }
        #expect(directive.name == "include")
        // An alias is no schema element; the field after it is.
        #expect(Self.context("{ viewer { al|l: todos { id } } }").symbol == nil)
        guard case .field(let field, _) = Self.context("{ viewer { all: tod|os { id } } }").symbol else {
            Issue.record("expected the aliased field")
            return
        }
        #expect(field.name == "todos")
    }
}
