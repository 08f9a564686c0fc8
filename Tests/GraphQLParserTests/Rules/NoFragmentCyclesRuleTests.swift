import GraphQLParser
import Testing

/// NoFragmentCyclesRule: Fragments do not spread themselves, directly or through others.
@Suite struct NoFragmentCyclesRuleTests {
    let rule = NoFragmentCyclesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { human(id: 1) { ...A } }
            fragment A on Human { bestFriend { ...B } }
            fragment B on Human { name }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { human(id: 1) { ...A } }
            fragment A on Human { bestFriend { ...A } }
            """,
            ["2:36: Cannot spread fragment \"A\" within itself."])
        expectErrors(
            rule,
            """
            { human(id: 1) { ...A } }
            fragment A on Human { ...B }
            fragment B on Human { bestFriend { ...A } }
            """,
            ["2:23: Cannot spread fragment \"A\" within itself via \"B\"."])
    }
}
