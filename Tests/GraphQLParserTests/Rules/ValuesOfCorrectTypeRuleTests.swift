import GraphQLParser
import Testing

/// ValuesOfCorrectTypeRule: Literal values have the type their position expects.
@Suite struct ValuesOfCorrectTypeRuleTests {
    let rule = ValuesOfCorrectTypeRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { count(min: 1, max: 1.5, exact: true, label: "x") pets(filter: {size: SMALL, names: ["a"]}) { name } }
            """)
        expectValid(
            rule,
            """
            { count(max: 1) pets(filter: {names: "single"}) { name } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { count(min: "one", exact: 1) }
            """,
            [
                "1:14: Int cannot represent non-integer value: \"one\"",
                "1:28: Boolean cannot represent a non boolean value: 1",
            ])
        expectErrors(
            rule,
            """
            { pets(filter: {size: HUGE}) { name } }
            """,
            ["1:23: Value \"HUGE\" does not exist in \"Size\" enum."])
        expectErrors(
            rule,
            """
            { pets(filter: {limit: null, unknown: 1}) { name } }
            """,
            [
                "1:24: Expected value of type \"Int!\", found null.",
                "1:30: Field \"unknown\" is not defined by type \"Filter\".",
            ])
    }
}
