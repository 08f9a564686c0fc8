import GraphQLParser
import Testing

/// ProvidedRequiredSDLArgumentsRule: A directive's required arguments are given.
@Suite struct ProvidedRequiredSDLArgumentsRuleTests {
    let rule = ProvidedRequiredSDLArgumentsRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            directive @tag(name: String!) on FIELD_DEFINITION
            type Query { a: Int @tag(name: "x") }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                directive @tag(name: String!) on FIELD_DEFINITION
                type Query { a: Int @tag }
                """
            ],
            [#"2:21: Directive "@tag" argument "name" of type "String!" is required, but it was not provided."#])
    }
}
