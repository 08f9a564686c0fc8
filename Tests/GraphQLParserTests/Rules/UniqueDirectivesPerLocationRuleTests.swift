import GraphQLParser
import Testing

/// UniqueDirectivesPerLocationRule: A non-repeatable directive appears once per location.
@Suite struct UniqueDirectivesPerLocationRuleTests {
    let rule = UniqueDirectivesPerLocationRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { name @onField @repeatable @repeatable } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { name @onField @onField } }
            """,
            ["1:14: The directive \"@onField\" can only be used once at this location."])
    }
}
