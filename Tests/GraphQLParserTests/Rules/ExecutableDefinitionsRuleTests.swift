import GraphQLParser
import Testing

/// ExecutableDefinitionsRule: Only operations and fragments in an executable document.
@Suite struct ExecutableDefinitionsRuleTests {
    let rule = ExecutableDefinitionsRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            query { dog { name } }
            fragment F on Dog { barks }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            query { dog { name } }
            type Extra { a: Int }
            """,
            ["2:1: The \"Extra\" definition is not executable."])
        expectErrors(
            rule,
            """
            schema { query: Query }
            extend type Dog { x: Int }
            """,
            [
                "1:1: The schema definition is not executable.",
                "2:1: The \"Dog\" definition is not executable.",
            ])
    }
}
