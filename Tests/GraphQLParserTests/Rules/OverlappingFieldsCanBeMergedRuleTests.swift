import GraphQLParser
import Testing

/// OverlappingFieldsCanBeMergedRule: Fields with one response key can be merged into one.
@Suite struct OverlappingFieldsCanBeMergedRuleTests {
    let rule = OverlappingFieldsCanBeMergedRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { name name n: name knows(command: "a") knows(command: "a") } }
            """)
        expectValid(
            rule,
            """
            { pet { ... on Dog { size: barks } ... on Cat { size: meows } } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { name: barks name } }
            """,
            [
                "1:9: Fields \"name\" conflict because \"barks\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional."
            ])
        expectErrors(
            rule,
            """
            { dog { knows(command: "sit") knows(command: "stay") } }
            """,
            [
                "1:9: Fields \"knows\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."
            ])
        expectErrors(
            rule,
            """
            { pet { ... on Dog { owner { name } } ... on Cat { owner: name } } }
            """,
            [
                "1:22: Fields \"owner\" conflict because they return conflicting types \"Human\" and \"String\". Use different aliases on the fields to fetch both if this was intentional."
            ])
    }
}
