import RelayCompiler
import Testing

/// NoReservedAliasesRule: no alias begins with `__`, and only `id` may be aliased `id`.
@Suite struct NoReservedAliasesRuleTests {
    let rule = NoReservedAliasesRule.self

    @Test func acceptsOrdinaryAliases() {
        expectRelayValid(rule, "query Q { dog { id: id title: name _private: barks } }")
    }

    @Test func reportsReservedAliases() {
        expectRelayErrors(
            rule,
            """
            query Q {
              dog { __id: id id: name __typename: barks }
            }
            """,
            [
                #"2:9: Alias "__id" begins with "__", which is reserved for GraphQL and Relay's own fields."#,
                "2:18: Relay does not allow aliasing fields to `id`.",
                #"2:27: Alias "__typename" begins with "__", which is reserved for GraphQL and Relay's own fields."#,
            ])
    }
}
