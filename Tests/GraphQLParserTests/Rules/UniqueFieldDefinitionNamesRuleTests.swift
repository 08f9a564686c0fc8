import GraphQLParser
import Testing

/// UniqueFieldDefinitionNamesRule: Each field of a type is defined once, its extensions included.
@Suite struct UniqueFieldDefinitionNamesRuleTests {
    let rule = UniqueFieldDefinitionNamesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            type Query { a: Int }
            extend type Query { b: Int }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                type Query { a: Int }
                extend type Query { a: String }
                """
            ],
            [#"1:14: Field "Query.a" can only be defined once."#])
    }
}
