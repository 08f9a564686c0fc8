import GraphQLParser
import Testing

/// NoUndefinedVariablesRule: Every variable used is defined by each operation that reaches it.
@Suite struct NoUndefinedVariablesRuleTests {
    let rule = NoUndefinedVariablesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            query Q($id: ID!) { human(id: $id) { ...F } }
            fragment F on Human { pets(first: $id) { name } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            query Q { human(id: $id) { name } }
            """,
            ["1:21: Variable \"$id\" is not defined by operation \"Q\"."])
        expectErrors(
            rule,
            """
            query A($n: Int) { human(id: 1) { ...F } }
            query B { human(id: 1) { ...F } }
            fragment F on Human { pets(first: $n) { name } }
            """,
            ["3:35: Variable \"$n\" is not defined by operation \"B\"."])
    }
}
