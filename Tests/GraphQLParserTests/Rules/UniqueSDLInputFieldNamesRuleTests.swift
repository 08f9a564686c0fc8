import GraphQLParser
import Testing

/// UniqueSDLInputFieldNamesRule: An input object value in a definition gives each field once.
@Suite struct UniqueSDLInputFieldNamesRuleTests {
    let rule = UniqueSDLInputFieldNamesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            input Point { x: Int, y: Int }
            directive @at(point: Point) on FIELD_DEFINITION
            type Query { a: Int @at(point: {x: 1, y: 2}) }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                input Point { x: Int, y: Int }
                directive @at(point: Point) on FIELD_DEFINITION
                type Query { a: Int @at(point: {x: 1, x: 2}) }
                """
            ],
            [#"3:33: There can be only one input field named "x"."#])
    }
}
