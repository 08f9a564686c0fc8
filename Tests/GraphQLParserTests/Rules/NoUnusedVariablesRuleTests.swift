import GraphQLParser
import Testing

/// NoUnusedVariablesRule: Every variable an operation defines is used, directly or in its fragments.
@Suite struct NoUnusedVariablesRuleTests {
    let rule = NoUnusedVariablesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            query Q($n: Int) { human(id: 1) { ...F } }
            fragment F on Human { pets(first: $n) { name } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            query Q($unused: Int, $id: ID!) { human(id: $id) { name } }
            """,
            ["1:9: Variable \"$unused\" is never used in operation \"Q\"."])
    }
}
