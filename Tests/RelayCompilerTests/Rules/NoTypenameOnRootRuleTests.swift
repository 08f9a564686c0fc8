import RelayCompiler
import Testing

/// NoTypenameOnRootRule: no `__typename` among an operation's or a root-typed fragment's own
/// selections.
@Suite struct NoTypenameOnRootRuleTests {
    let rule = NoTypenameOnRootRule.self

    @Test func acceptsTypenameBelowTheRootAndInInlineFragments() {
        expectRelayValid(
            rule,
            """
            query Q { pet { __typename } ... on Query { __typename } }
            fragment F on Dog { __typename }
            """)
    }

    @Test func reportsTypenameOnEachRootType() {
        let message = "Relay does not allow `__typename` field on Query, Mutation or Subscription."
        expectRelayErrors(
            rule,
            """
            query Q { __typename dog { id } }
            mutation M { __typename }
            subscription S { __typename petAdopted { name } }
            fragment F on Query { __typename }
            """,
            ["1:11: \(message)", "2:14: \(message)", "3:18: \(message)", "4:23: \(message)"])
    }
}
