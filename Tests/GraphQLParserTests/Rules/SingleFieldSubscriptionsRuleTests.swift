import GraphQLParser
import Testing

/// SingleFieldSubscriptionsRule: A subscription selects one root field, and not an introspection field.
@Suite struct SingleFieldSubscriptionsRuleTests {
    let rule = SingleFieldSubscriptionsRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            subscription S { petAdopted { name } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            subscription S { petAdopted { name } humanJoined { name } }
            """,
            ["1:38: Subscription \"S\" must select only one top level field."])
        expectErrors(
            rule,
            """
            subscription S { __typename }
            """,
            ["1:18: Subscription \"S\" must not select an introspection top level field."])
    }
}
