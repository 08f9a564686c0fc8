import GraphQLParser
import Testing

/// FragmentsOnCompositeTypesRule: Fragments and inline fragments condition on objects, interfaces or unions.
@Suite struct FragmentsOnCompositeTypesRuleTests {
    let rule = FragmentsOnCompositeTypesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { pet { ... on Dog { barks } ...P } }
            fragment P on Pet { name }
            """)
        expectValid(
            rule,
            """
            { dog { ... { name } } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { ... on Size { x } } }
            """,
            ["1:16: Fragment cannot condition on non composite type \"Size\"."])
        expectErrors(
            rule,
            """
            fragment S on Date { x }
            { dog { ...S } }
            """,
            ["1:15: Fragment \"S\" cannot condition on non composite type \"Date\"."])
    }
}
