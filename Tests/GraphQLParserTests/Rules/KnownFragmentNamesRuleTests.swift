import GraphQLParser
import Testing

/// KnownFragmentNamesRule: Spread fragments are defined.
@Suite struct KnownFragmentNamesRuleTests {
    let rule = KnownFragmentNamesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { ...D } }
            fragment D on Dog { barks }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { ...Missing ... on Dog { ...AlsoMissing } } }
            """,
            [
                "1:12: Unknown fragment \"Missing\".",
                "1:36: Unknown fragment \"AlsoMissing\".",
            ])
    }
}
