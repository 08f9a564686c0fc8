import GraphQLParser
import Testing

/// UniqueInputFieldNamesRule: An input object gives each field once.
@Suite struct UniqueInputFieldNamesRuleTests {
    let rule = UniqueInputFieldNamesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { pets(filter: {size: SMALL, nested: {size: LARGE}}) { name } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { pets(filter: {size: SMALL, size: LARGE}) { name } }
            """,
            ["1:17: There can be only one input field named \"size\"."])
    }
}
