import GraphQLParser
import Testing

/// UniqueOperationTypesRule: Each root operation type is named once.
@Suite struct UniqueOperationTypesRuleTests {
    let rule = UniqueOperationTypesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            schema { query: Query mutation: Mutation }
            type Query { a: Int }
            type Mutation { b: Int }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                schema { query: Query query: Query }
                type Query { a: Int }
                """
            ],
            ["1:10: There can be only one query type in schema."])
    }
}
