import GraphQLParser
import Testing

/// PossibleFragmentSpreadsRule: A fragment can only be spread where its type can apply.
@Suite struct PossibleFragmentSpreadsRuleTests {
    let rule = PossibleFragmentSpreadsRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { pet { ...D ... on Cat { meows } } catOrDog { ... on Pet { name } } }
            fragment D on Dog { barks }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { dog { ... on Cat { meows } } }
            """,
            ["1:9: Fragment cannot be spread here as objects of type \"Dog\" can never be of type \"Cat\"."])
        expectErrors(
            rule,
            """
            { human(id: 1) { ...P } }
            fragment P on Pet { name }
            """,
            ["1:18: Fragment \"P\" cannot be spread here as objects of type \"Human\" can never be of type \"Pet\"."])
    }
}
