import GraphQLParser
import Testing

/// LoneAnonymousOperationRule: An anonymous operation is the document's only one.
@Suite struct LoneAnonymousOperationRuleTests {
    let rule = LoneAnonymousOperationRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { name } }
            """)
        expectValid(
            rule,
            """
            query A { dog { name } }
            query B { cat { name } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { name } }
            query B { cat { name } }
            """,
            ["1:1: This anonymous operation must be the only defined operation."])
        expectErrors(
            rule,
            """
            { dog { name } }
            { cat { name } }
            """,
            [
                "1:1: This anonymous operation must be the only defined operation.",
                "2:1: This anonymous operation must be the only defined operation.",
            ])
    }
}
