import GraphQLParser
import Testing

/// ScalarLeafsRule: Leaf fields have no selections; object fields have some.
@Suite struct ScalarLeafsRuleTests {
    let rule = ScalarLeafsRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { name size owner { name } } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { name { x } } }
            """,
            ["1:14: Field \"name\" must not have a selection since type \"String\" has no subfields."])
        expectErrors(
            rule,
            """
            { dog { owner } human(id: 1) }
            """,
            [
                "1:9: Field \"owner\" of type \"Human\" must have a selection of subfields. Did you mean \"owner { ... }\"?",
                "1:17: Field \"human\" of type \"Human\" must have a selection of subfields. Did you mean \"human { ... }\"?",
            ])
    }
}
