import GraphQLParser
import Testing

/// UniqueSDLDirectivesPerLocationRule: A non-repeatable directive is used at most once in a place.
@Suite struct UniqueSDLDirectivesPerLocationRuleTests {
    let rule = UniqueSDLDirectivesPerLocationRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            directive @tag repeatable on FIELD_DEFINITION
            type Query { a: Int @tag @tag }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                directive @once on FIELD_DEFINITION
                type Query { a: Int @once @once }
                """
            ],
            [#"2:21: The directive "@once" can only be used once at this location."#])
    }
}
