import GraphQLParser
import Testing

/// KnownSDLArgumentNamesRule: Every argument given to a directive is one it defines.
@Suite struct KnownSDLArgumentNamesRuleTests {
    let rule = KnownSDLArgumentNamesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            directive @tag(name: String) on FIELD_DEFINITION
            type Query { a: Int @tag(name: "x") }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                directive @tag(name: String) on FIELD_DEFINITION
                type Query { a: Int @tag(nmae: "x") }
                """
            ],
            [#"2:26: Unknown argument "nmae" on directive "@tag". Did you mean "name"?"#])
    }
}
