import GraphQLParser
import Testing

/// UniqueFragmentNamesRule: Fragment names are unique.
@Suite struct UniqueFragmentNamesRuleTests {
    let rule = UniqueFragmentNamesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { ...A ...B } }
            fragment A on Dog { name }
            fragment B on Dog { barks }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { ...A } }
            fragment A on Dog { name }
            fragment A on Dog { barks }
            """,
            ["2:10: There can be only one fragment named \"A\"."])
    }
}
