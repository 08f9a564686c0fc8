import GraphQLParser
import Testing

/// KnownDirectivesRule: Directives are declared and used at a location they allow.
@Suite struct KnownDirectivesRuleTests {
    let rule = KnownDirectivesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            query Q @onQuery { dog { name @onField @include(if: true) } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { name @unknown } }
            """,
            ["1:14: Unknown directive \"@unknown\"."])
        expectErrors(
            rule,
            """
            query Q @onField { dog { name @onQuery } }
            """,
            [
                "1:9: Directive \"@onField\" may not be used on QUERY.",
                "1:31: Directive \"@onQuery\" may not be used on FIELD.",
            ])
    }
}
