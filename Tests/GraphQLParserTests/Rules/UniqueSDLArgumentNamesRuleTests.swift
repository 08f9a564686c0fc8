import GraphQLParser
import Testing

/// UniqueSDLArgumentNamesRule: An argument is given to a directive at most once.
@Suite struct UniqueSDLArgumentNamesRuleTests {
    let rule = UniqueSDLArgumentNamesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            directive @tag(name: String, size: Int) on FIELD_DEFINITION
            type Query { a: Int @tag(name: "x", size: 1) }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                directive @tag(name: String) on FIELD_DEFINITION
                type Query { a: Int @tag(name: "x", name: "y") }
                """
            ],
            [#"2:26: There can be only one argument named "name"."#])
    }
}
