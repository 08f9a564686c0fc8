import GraphQLParser
import Testing

/// UniqueOperationNamesRule: Operation names are unique.
@Suite struct UniqueOperationNamesRuleTests {
    let rule = UniqueOperationNamesRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            query A { dog { name } }
            mutation B { adopt(petID: 1) { name } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            query A { dog { name } }
            mutation A { adopt(petID: 1) { name } }
            """,
            ["1:7: There can be only one operation named \"A\"."])
    }
}
