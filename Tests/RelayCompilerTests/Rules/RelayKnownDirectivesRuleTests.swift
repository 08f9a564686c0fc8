import RelayCompiler
import Testing

/// RelayKnownDirectivesRule: graphql-js's KnownDirectivesRule, except that a Relay directive
/// relay-swift does not compile yet is reported as that.
@Suite struct RelayKnownDirectivesRuleTests {
    let rule = RelayKnownDirectivesRule.self

    @Test func acceptsKnownDirectivesWhereTheyMayBe() {
        expectRelayValid(
            rule,
            "query Q($skip: Boolean!) { dog @skip(if: $skip) { ...F @relay(mask: false) } }\nfragment F on Dog { name }"
        )
    }

    @Test func reportsUnknownMisplacedAndNotYetSupportedDirectives() {
        expectRelayErrors(
            rule,
            """
            query Q { dog @unknown { name } human @relay(plural: true) { name } pet @preloadable { name } }
            """,
            [
                #"1:15: Unknown directive "@unknown"."#,
                #"1:39: Directive "@relay" may not be used on FIELD."#,
                #"1:73: Relay's directive "@preloadable" is not supported by relay-swift yet."#,
            ])
    }
}
