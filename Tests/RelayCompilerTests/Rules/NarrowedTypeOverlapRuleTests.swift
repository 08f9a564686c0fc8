import RelayCompiler
import Testing

/// NarrowedTypeOverlapRule: an inline fragment or spread must overlap every type condition it
/// sits in, not only the nearest (graphql-js's PossibleFragmentSpreadsRule checks the nearest).
@Suite struct NarrowedTypeOverlapRuleTests {
    let rule = NarrowedTypeOverlapRule.self

    @Test func acceptsConditionsThatCanMatch() {
        expectRelayValid(
            rule,
            """
            query Q { pet { ... on Node { ... on Dog { barks } } } human { ... on Node { id } } }
            fragment F on Pet { ... on Node { ...D } }
            fragment D on Dog { barks }
            """)
    }

    @Test func reportsConditionsAnOuterTypeExcludes() {
        expectRelayErrors(
            rule,
            """
            query Q { human { ... on Node { ... on Dog { barks } } } }
            fragment F on Human { ... on Node { ...D } }
            fragment D on Dog { barks }
            """,
            [
                "1:33: Invalid type 'Dog' in inline fragment, this type can never occur for parent type 'Human'",
                "2:37: Invalid fragment spread 'D', the type of this fragment ('Dog') can never occur for parent type "
                    + "'Human'",
            ])
    }
}
