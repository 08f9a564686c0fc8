import GraphQLParser
import Testing

/// NoUnusedFragmentsRule: Every fragment is spread by some operation.
@Suite struct NoUnusedFragmentsRuleTests {
    let rule = NoUnusedFragmentsRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { ...A } }
            fragment A on Dog { ...B }
            fragment B on Dog { barks }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { name } }
            fragment Unused on Dog { barks }
            fragment AlsoUnused on Cat { meows }
            """,
            [
                "2:1: Fragment \"Unused\" is never used.",
                "3:1: Fragment \"AlsoUnused\" is never used.",
            ])
    }
}
