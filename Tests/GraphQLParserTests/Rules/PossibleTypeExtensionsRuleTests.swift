import GraphQLParser
import Testing

/// PossibleTypeExtensionsRule: An extension extends a type that exists, of its own kind.
@Suite struct PossibleTypeExtensionsRuleTests {
    let rule = PossibleTypeExtensionsRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            type Query { a: Int }
            extend type Query { b: Int }
            enum E { A }
            extend enum E { B }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                type Query { a: Int }
                extend enum Query { B }
                extend type Missing { c: Int }
                """
            ],
            [
                #"1:1: Cannot extend non-enum type "Query"."#,
                #"3:13: Cannot extend type "Missing" because it is not defined."#,
            ])
    }
}
