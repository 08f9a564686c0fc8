import GraphQLParser
import Testing

/// VariablesAreInputTypesRule: Variables have input types.
@Suite struct VariablesAreInputTypesRuleTests {
    let rule = VariablesAreInputTypesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            query Q($a: Int, $f: Filter!, $s: [Size]) { count(min: $a) pets(filter: $f) { name } dog { isAtLocation(x: $a) } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            query Q($d: Dog, $p: [Pet!]) { dog { name } }
            """,
            [
                "1:13: Variable \"$d\" cannot be non-input type \"Dog\".",
                "1:22: Variable \"$p\" cannot be non-input type \"[Pet!]\".",
            ])
    }
}
