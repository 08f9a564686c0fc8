import GraphQLParser
import Testing

/// KnownArgumentNamesRule: Arguments are declared by the field or directive.
@Suite struct KnownArgumentNamesRuleTests {
    let rule = KnownArgumentNamesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { name(surname: true) knows(command: "sit") } }
            """)
        expectValid(
            rule,
            """
            { dog { name @withArgs(required: 1) } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { name(surnam: true) } }
            """,
            ["1:14: Unknown argument \"surnam\" on field \"Dog.name\". Did you mean \"surname\"?"])
        expectErrors(
            rule,
            """
            { dog { name @withArgs(required: 1, extra: 2) } }
            """,
            ["1:37: Unknown argument \"extra\" on directive \"@withArgs\"."])
    }
}
