import GraphQLParser
import RelayCompiler
import Testing

/// Relay's fragment variables in the syntax (`fragment F($size: Int = 10) on T`, `...F(size: 2)`),
/// behind its `enable_fragment_argument_transform` flag: parsed only when asked, printed back,
/// validated with the fragment's variables local to it, and compiled as `@argumentDefinitions`
/// and `@arguments` are (the golden case `fragment-variables` shows the artifacts).
struct FragmentVariablesSyntaxTests {
    static let schema = SchemaBuilder.build([
        Parser.parse(
            Source(
                """
                type Query { album(id: ID!): Album }
                type Album { id: ID! photos(first: Int): [Photo!]! }
                type Photo { id: ID! url(size: Int!): String! }
                """, name: "schema.graphql")
        ).document
    ])

    static let fragment = """
        fragment AlbumPhotos_album($count: Int = 10, $size: Int!) on Album {
          photos(first: $count) { url(size: $size) }
        }
        """
    static let query = """
        query AlbumQuery($id: ID!, $size: Int!) { album(id: $id) { ...AlbumPhotos_album(size: $size) } }
        """

    private func parse(_ text: String, name: String, allowing: Bool = true) -> ParseResult {
        Parser.parse(Source(text, name: name), options: ParseOptions(allowsFragmentVariables: allowing))
    }

    @Test func theSpecificationsGrammarRejectsThem() {
        #expect(
            parse(Self.fragment, name: "AlbumPhotos.swift", allowing: false).diagnostics.map(\.message) == [
                #"Syntax Error: Expected "on", found "("."#
            ])
        #expect(parse(Self.query, name: "Album.swift", allowing: false).hasErrors)
    }

    @Test func theyParseAndPrintBack() {
        let fragment = parse(Self.fragment, name: "AlbumPhotos.swift")
        #expect(!fragment.hasErrors, "\(fragment.diagnostics)")
        #expect(
            Printer.print(fragment.document) == """
                fragment AlbumPhotos_album($count: Int = 10, $size: Int!) on Album {
                  photos(first: $count) {
                    url(size: $size)
                  }
                }
                """)
        let query = parse(Self.query, name: "Album.swift")
        #expect(Printer.print(query.document).contains("...AlbumPhotos_album(size: $size)"))
        #expect(parse("fragment F() on Album { id }", name: "F.swift").hasErrors)
    }

    @Test func aFragmentsVariablesAreItsOwnAndASpreadsArgumentsUseTheOperations() {
        let documents = [
            parse(Self.fragment, name: "AlbumPhotos.swift").document, parse(Self.query, name: "Album.swift").document,
        ]
        // `$count` and `$size` of the fragment are not the query's to define, and the query's
        // `$size` is used by the spread's argument.
        #expect(RelayValidation.validate(documents, schema: Self.schema).map(\.description) == [])
        let unused = parse(
            "query AlbumQuery($id: ID!, $size: Int!) { album(id: $id) { ...AlbumPhotos_album(size: 64) } }",
            name: "Album.swift")
        #expect(
            RelayValidation.validate([documents[0], unused.document], schema: Self.schema).map(\.message) == [
                #"Variable "$size" is never used in operation "AlbumQuery"."#
            ])
    }
}
