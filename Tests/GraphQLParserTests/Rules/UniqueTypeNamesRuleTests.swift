import GraphQLParser
import Testing

/// UniqueTypeNamesRule: Each type is defined once.
@Suite struct UniqueTypeNamesRuleTests {
    let rule = UniqueTypeNamesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            type Query { a: Int }
            type Other { b: Int }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                type Query { a: Int }
                scalar Query
                """
            ],
            [#"1:6: There can be only one type named "Query"."#])
    }
}
