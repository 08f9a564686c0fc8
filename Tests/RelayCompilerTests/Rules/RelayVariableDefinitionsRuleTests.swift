import RelayCompiler
import Testing

/// RelayVariableDefinitionsRule: the `__relay_internal` prefix is reserved, and a non-null
/// variable has no default value.
@Suite struct RelayVariableDefinitionsRuleTests {
    let rule = RelayVariableDefinitionsRule.self

    @Test func acceptsOrdinaryVariables() {
        expectRelayValid(
            rule, "query Q($id: ID!, $min: Int = 1, $relayInternal: Int) { node(id: $id) { id } count(min: $min) }")
    }

    @Test func reportsReservedNamesAndNonNullDefaults() {
        expectRelayErrors(
            rule,
            """
            query Q($__relay_internal_x: Int, $min: Int! = 1) { count(min: $min) }
            """,
            [
                "1:9: Invalid name `$__relay_internal_x` for an operation variable. The `__relay_internal` prefix is "
                    + "reserved for relay internal usage.",
                "1:35: Non-nullable variable 'min' has a default value.",
            ])
    }
}
