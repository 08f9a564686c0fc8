import RelayCompiler
import Testing

/// MatchSelectionsRule: under `@match`, only `__typename` and `@module` spreads, as written —
/// a selection a constant `@skip` would drop included.
@Suite struct MatchSelectionsRuleTests {
    let rule = MatchSelectionsRule.self

    @Test func acceptsModuleSpreadsAndTypename() {
        expectRelayValid(
            rule,
            """
            query Q { catOrDog @match { __typename ...C @module(name: "CatView") ...D @module(name: "DogView") } }
            fragment C on Cat { meows }
            fragment D on Dog { barks }
            """)
    }

    @Test func reportsEverythingElseUnderMatch() {
        expectRelayErrors(
            rule,
            """
            query Q {
              catOrDog @match {
                ... on Cat @skip(if: true) { meows }
                ...D
                ...C @module(name: "CatView") @alias(as: "cat")
              }
            }
            fragment C on Cat { meows }
            fragment D on Dog { barks }
            """,
            [
                "3:5: Invalid @match selection: all selections should be fragment spreads with @module.",
                "4:5: Invalid @match selection: all selections should be fragment spreads with @module.",
                "5:35: Invalid @match selection: @alias may not be applied to fragment spreads within @match.",
            ])
    }
}
