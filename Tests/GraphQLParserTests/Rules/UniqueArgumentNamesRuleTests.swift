import GraphQLParser
import Testing

/// UniqueArgumentNamesRule: A field or directive gets each argument once.
@Suite struct UniqueArgumentNamesRuleTests {
    let rule = UniqueArgumentNamesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { knows(command: "a", times: 2) name @withArgs(required: 1, optional: "b") } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { knows(command: "a", command: "b") } }
            """,
            ["1:15: There can be only one argument named \"command\"."])
        expectErrors(
            rule,
            """
            { dog { name @withArgs(required: 1, required: 2) } }
            """,
            ["1:24: There can be only one argument named \"required\"."])
    }
}
