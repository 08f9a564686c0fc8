import GraphQLParser
import Testing

/// UniqueVariableNamesRule: An operation defines each variable once.
@Suite struct UniqueVariableNamesRuleTests {
    let rule = UniqueVariableNamesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            query Q($a: Int, $b: Int) { count(min: $a) c: count(min: $b) }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            query Q($a: Int, $a: Int) { count(min: $a) }
            """,
            ["1:10: There can be only one variable named \"$a\"."])
    }
}
