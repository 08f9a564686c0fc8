import GraphQLParser
import RelayCompiler
import Testing

/// The refetch queries of `@refetchable` beyond `node(id:)`: through a `@fetchable` type's
/// `fetch__Type` field (first for a Node when `preferFetchable: true`), carrying the server
/// directives of `directives:` — and Relay's errors when the schema or the arguments do not allow
/// it. (The golden case `fetchable` shows the artifacts; `FetchableRefetchTests` runs them.)
struct RefetchQueryVariantsTests {
    static let schema = SchemaLoader.load(
        [
            Source(
                """
                directive @fetchable(field_name: String!) on OBJECT
                directive @owner(team: String!) on QUERY
                directive @cached on FIELD
                type Query {
                  node(id: ID!): Node
                  fetch__Report(report_id: ID!): Report
                  fetch__Photo(photo_id: ID!): Photo
                  fetch__Broken(id: String): Broken
                }
                interface Node { id: ID! }
                type Report @fetchable(field_name: "report_id") { report_id: ID!, city: String }
                type Photo implements Node @fetchable(field_name: "photo_id") { id: ID!, photo_id: ID!, likes: Int }
                type Broken @fetchable(field_name: "id") { id: ID! }
                type Mislabelled @fetchable(field_name: "code") { code: String }
                type Nameless @fetchable(field_name: 1) { id: ID! }
                """, name: "schema.graphql")
        ], clientDirectives: RelayDirectives.definitions
    ).schema

    private func compile(_ document: String) -> (IRProgram, [String]) {
        TestProject.compile([("Card.swift", document)], schema: Self.schema)
    }

    private func text(_ document: String) throws -> String {
        let (program, errors) = compile(document)
        #expect(errors == [])
        return program.operationText("CardRefetchQuery", schema: Self.schema)
    }

    @Test func aFetchableTypeIsRefetchedThroughItsFetchField() throws {
        let text = try text(
            #"""
            fragment Card_report on Report @refetchable(queryName: "CardRefetchQuery", directives: ["@owner(team: \"maps\")"]) {
              city
            }
            """#)
        #expect(
            text == """
                query CardRefetchQuery(
                  $id: ID!
                ) @owner(team: "maps") {
                  fetch__Report(report_id: $id) {
                    ...Card_report
                  }
                }

                fragment Card_report on Report {
                  city
                  report_id
                }
                """)
    }

    @Test func aNodeUsesNodeUnlessItPrefersFetchable() throws {
        for (prefers, root) in [("", "node(id: $id)"), (", preferFetchable: false", "node(id: $id)")]
            + [(", preferFetchable: true", "fetch__Photo(photo_id: $id)")]
        {
            let text = try text(
                """
                fragment Card_photo on Photo @refetchable(queryName: "CardRefetchQuery"\(prefers)) { likes }
                """)
            #expect(text.contains(root), "\(prefers)")
        }
    }

    @Test func relaysErrorsForFetchableTypes() {
        let cases = [
            (
                "Broken",
                "the type 'Broken' is @fetchable but there is no corresponding 'fetch__Broken' field or it is "
                    + "invalid (expected 'fetch__Broken(id: ID!): $Broken')."
            ),
            (
                "Mislabelled",
                "the type 'Mislabelled' is @fetchable but the identifying field 'code' does not have type 'ID'."
            ),
            ("Nameless", "check that your schema defines a `directive @fetchable(field_name: String!) on OBJECT`"),
        ]
        for (type, message) in cases {
            let (_, errors) = compile(
                #"fragment Card_item on \#(type) @refetchable(queryName: "CardRefetchQuery") { __typename }"#)
            #expect(errors.count == 1 && errors.allSatisfy { $0.contains(message) }, "\(errors)")
        }
    }

    @Test func refetchDirectivesMustBeConstantQueryDirectives() {
        let cases = [
            (#"directives: "@owner""#, "needs to be a list of literal strings"),
            (#"directives: [$team]"#, "needs to be a list of literal strings"),
            (#"directives: ["owner"]"#, "Expected a directive starting with '@'"),
            (#"directives: ["@owner(team: \"a\") { x }"]"#, "Expected a directive starting with '@'"),
            (#"directives: ["@nope"]"#, "Unknown directive '@nope'."),
            (
                #"directives: ["@cached"]"#,
                "Directive 'cached' not supported in this location. Supported location(s): FIELD"
            ),
            (#"directives: ["@owner(name: \"a\")"]"#, "Unknown argument 'name' on directive '@owner'."),
            (#"directives: ["@owner"]"#, #"Directive "@owner" argument "team" of type "String!" is required"#),
            (#"directives: ["@owner(team: 3)"]"#, "String cannot represent a non string value: 3"),
            (#"directives: ["@owner(team: $team)"]"#, #"Variable "$team" is not defined"#),
            (
                #"preferFetchable: $prefers"#,
                "Expected the 'preferFetchable' argument of @refetchable to be a literal Boolean value, got '$prefers'"
            ),
        ]
        for (argument, message) in cases {
            let (_, errors) = compile(
                """
                fragment Card_report on Report @refetchable(queryName: "CardRefetchQuery", \(argument))
                  @argumentDefinitions(team: {type: "String"}, prefers: {type: "Boolean"}) {
                  city
                }
                """)
            #expect(errors.contains { $0.contains(message) }, "\(argument): \(errors)")
        }
    }
}
