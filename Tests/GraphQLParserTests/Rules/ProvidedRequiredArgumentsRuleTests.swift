import GraphQLParser
import Testing

/// ProvidedRequiredArgumentsRule: Required arguments without a default are given.
@Suite struct ProvidedRequiredArgumentsRuleTests {
    let rule = ProvidedRequiredArgumentsRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { knows(command: "sit") name @withArgs(required: 1) } human(id: 1) { name } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { knows } human { name } }
            """,
            [
                "1:9: Field \"knows\" argument \"command\" of type \"String!\" is required, but it was not provided.",
                "1:17: Field \"human\" argument \"id\" of type \"ID!\" is required, but it was not provided.",
            ])
        expectErrors(
            rule,
            """
            { dog { name @withArgs(optional: "x") } }
            """,
            [
                "1:14: Directive \"@withArgs\" argument \"required\" of type \"Int!\" is required, but it was not provided."
            ])
    }
}
