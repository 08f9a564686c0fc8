import GraphQLParser
import Testing

/// UniqueDirectiveNamesRule: Each directive is defined once.
@Suite struct UniqueDirectiveNamesRuleTests {
    let rule = UniqueDirectiveNamesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            directive @a on FIELD
            directive @b on FIELD
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                directive @a on FIELD
                directive @a on QUERY
                """
            ],
            [#"1:12: There can be only one directive named "@a"."#])
    }
}
