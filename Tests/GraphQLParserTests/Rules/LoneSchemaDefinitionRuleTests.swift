import GraphQLParser
import Testing

/// LoneSchemaDefinitionRule: A schema is defined at most once.
@Suite struct LoneSchemaDefinitionRuleTests {
    let rule = LoneSchemaDefinitionRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            schema { query: Query }
            type Query { a: Int }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                schema { query: Query }
                schema { query: Query }
                type Query { a: Int }
                """
            ],
            ["2:1: Must provide only one schema definition."])
    }
}
