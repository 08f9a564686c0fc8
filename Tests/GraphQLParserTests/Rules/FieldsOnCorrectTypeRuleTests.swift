import GraphQLParser
import Testing

/// FieldsOnCorrectTypeRule: Fields exist on the type they are selected on, with suggestions.
@Suite struct FieldsOnCorrectTypeRuleTests {
    let rule = FieldsOnCorrectTypeRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { dog { name barks __typename } pet { name ... on Cat { meows } } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { meows } }
            """,
            ["1:9: Cannot query field \"meows\" on type \"Dog\". Did you mean \"knows\"?"])
        expectErrors(
            rule,
            """
            { pet { barks } }
            """,
            ["1:9: Cannot query field \"barks\" on type \"Pet\". Did you mean to use an inline fragment on \"Dog\"?"])
        expectErrors(
            rule,
            """
            { catOrDog { name } }
            """,
            [
                "1:14: Cannot query field \"name\" on type \"CatOrDog\". Did you mean to use an inline fragment on \"Pet\", \"Cat\", or \"Dog\"?"
            ])
    }
}
