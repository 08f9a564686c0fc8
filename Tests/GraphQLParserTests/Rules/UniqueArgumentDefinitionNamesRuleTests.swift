import GraphQLParser
import Testing

/// UniqueArgumentDefinitionNamesRule: Each argument of a field or directive is defined once.
@Suite struct UniqueArgumentDefinitionNamesRuleTests {
    let rule = UniqueArgumentDefinitionNamesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            type Query { a(x: Int, y: Int): Int }
            directive @d(x: Int) on FIELD
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                type Query { a(x: Int, x: String): Int }
                """
            ],
            [#"1:16: Argument "Query.a(x:)" can only be defined once."#])
    }
}
