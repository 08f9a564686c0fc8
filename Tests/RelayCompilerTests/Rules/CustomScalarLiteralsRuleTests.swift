import GraphQLParser
import RelayCompiler
import Testing

/// `enable_strict_custom_scalars`: a custom scalar's value comes from a variable, never a
/// literal — in arguments, directive arguments, list items, input object fields and variable
/// defaults; built-in scalars, variables and null are fine.
@Suite struct CustomScalarLiteralsRuleTests {
    let rule = CustomScalarLiteralsRule.self

    @Test func acceptsVariablesNullAndBuiltInScalars() {
        expectRelayValid(
            rule,
            """
            query Q($day: Date, $days: [Date!]) {
              a: visits(on: $day) b: visits(on: null) c: visits(days: [$day]) d: visits(days: $days)
              e: visits(stay: {from: $day, nights: 3}) f: count(min: 2) @since(date: $day)
            }
            """)
    }

    @Test func reportsLiteralsWhereACustomScalarIsExpected() {
        expectRelayErrors(
            rule,
            """
            query Q($day: Date = "2026-01-01") {
              a: visits(on: "2026-11-28") b: visits(days: ["2026-11-28", $day]) c: visits(on: ["x"])
              d: visits(stay: {from: {y: 1}}) e: count @since(date: 20261128)
            }
            """,
            [
                #"1:22: Unexpected scalar literal `"2026-01-01"` provided in a position expecting custom scalar type `Date`. This value should come from a variable."#,
                #"2:17: Unexpected scalar literal `"2026-11-28"` provided in a position expecting custom scalar type `Date`. This value should come from a variable."#,
                #"2:48: Unexpected scalar literal `"2026-11-28"` provided in a position expecting custom scalar type `Date`. This value should come from a variable."#,
                "2:83: Unexpected list literal provided in a position expecting custom scalar type `Date`.",
                "3:26: Unexpected object literal provided in a position expecting custom scalar type `Date`.",
                "3:57: Unexpected scalar literal `20261128` provided in a position expecting custom scalar type `Date`. This value should come from a variable.",
            ])
    }
}
