import GraphQLParser
import Testing

/// UniqueEnumValueNamesRule: Each value of an enum is defined once, its extensions included.
@Suite struct UniqueEnumValueNamesRuleTests {
    let rule = UniqueEnumValueNamesRule.self

    @Test func acceptsValidDocuments() {
        expectSDLValid(
            rule,
            """
            enum Size { SMALL LARGE }
            extend enum Size { MEDIUM }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectSDLErrors(
            rule,
            [
                """
                enum Size { SMALL LARGE }
                extend enum Size { SMALL }
                """
            ],
            [#"1:13: Enum value "Size.SMALL" can only be defined once."#])
    }
}
