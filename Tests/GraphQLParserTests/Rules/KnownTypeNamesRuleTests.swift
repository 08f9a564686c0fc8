import GraphQLParser
import Testing

/// KnownTypeNamesRule: Type names refer to the schema's types, with suggestions.
@Suite struct KnownTypeNamesRuleTests {
    let rule = KnownTypeNamesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            query Q($f: Filter, $d: Date) { pets(filter: $f) { ... on Dog { born } } count(label: "x") }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            query Q($f: Filtr) { pets { ... on Doggo { name } } }
            """,
            [
                "1:13: Unknown type \"Filtr\". Did you mean \"Filter\" or \"Int\"?",
                "1:36: Unknown type \"Doggo\". Did you mean \"Dog\"?",
            ])
        expectErrors(
            rule,
            """
            fragment F on Peet { name }
            { pet { ...F } }
            """,
            ["1:15: Unknown type \"Peet\". Did you mean \"Pet\"?"])
    }
}
