import GraphQLParser
import Testing

/// KnownSDLTypeNamesRule: Every type a definition names exists (in the documents or built in).
@Suite struct KnownSDLTypeNamesRuleTests {
    let rule = KnownSDLTypeNamesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            type Query { a: Int, b: Other, c: [String!] }
            type Other { d: ID }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                type Query { a: Missing }
                """
            ],
            [#"1:17: Unknown type "Missing"."#])
    }
}
