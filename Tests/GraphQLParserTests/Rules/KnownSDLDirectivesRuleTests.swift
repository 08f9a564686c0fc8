import GraphQLParser
import Testing

/// KnownSDLDirectivesRule: Every directive used is defined, and used where it may be.
@Suite struct KnownSDLDirectivesRuleTests {
    let rule = KnownSDLDirectivesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            directive @tag on FIELD_DEFINITION
            type Query { a: Int @tag @deprecated }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                directive @tag on FIELD_DEFINITION
                type Query @tag { a: Int @unknown }
                """
            ],
            [#"2:12: Directive "@tag" may not be used on OBJECT."#, #"2:26: Unknown directive "@unknown"."#])
    }
}
