import GraphQLParser
import Testing

/// VariablesInAllowedPositionRule: A variable's type fits every position it is used in.
@Suite struct VariablesInAllowedPositionRuleTests {
    let rule = VariablesInAllowedPositionRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            query Q($id: ID!, $n: Int!) { human(id: $id) { pets(first: $n) { name } } }
            """)
        expectValid(
            rule,
            """
            query Q($n: Int) { pets(first: $n) { name } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            query Q($id: ID) { human(id: $id) { name } }
            """,
            ["1:9: Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\"."])
        expectErrors(
            rule,
            """
            query Q($n: String) { count(min: $n) }
            """,
            ["1:9: Variable \"$n\" of type \"String\" used in position expecting type \"Int\"."])
    }
}
