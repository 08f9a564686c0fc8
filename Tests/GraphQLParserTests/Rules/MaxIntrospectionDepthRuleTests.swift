import GraphQLParser
import Testing

/// MaxIntrospectionDepthRule: Introspection queries cannot nest list fields too deeply.
@Suite struct MaxIntrospectionDepthRuleTests {
    let rule = MaxIntrospectionDepthRule.self

    @Test func acceptsValidDocuments() {
        expectValid(
            rule,
            """
            { __schema { types { fields { type { name } } } } }
            """)
    }

    @Test func reportsInvalidDocuments() {
        expectErrors(
            rule,
            """
            { __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }
            """,
            ["1:3: Maximum introspection depth exceeded"])
    }
}
