import GraphQLParser
import Testing

/// Printer cases beyond the corpus: graphql-js's line-length and block-string rules.
struct PrinterTests {
    private func reprint(_ text: String) -> String {
        let result = Parser.parse(Source(text))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return Printer.print(result.document)
    }

    @Test func longArgumentListsBreakAfterEightyColumns() {
        let text = "{ field(argumentNumberOne: 1, argumentNumberTwo: 2, argumentNumberThree: 3, four: 4) }"
        #expect(
            reprint(text) == """
                {
                  field(
                    argumentNumberOne: 1
                    argumentNumberTwo: 2
                    argumentNumberThree: 3
                    four: 4
                  )
                }
                """)
    }

    @Test func blockStringsKeepTheirShape() {
        #expect(BlockStrings.print("simple") == "\"\"\"simple\"\"\"")
        #expect(BlockStrings.print("two\nlines") == "\"\"\"\ntwo\nlines\n\"\"\"")
        #expect(BlockStrings.print("ends with \"") == "\"\"\"\nends with \"\n\"\"\"")
        #expect(BlockStrings.print("has \"\"\" inside") == "\"\"\"has \\\"\"\" inside\"\"\"")
        #expect(BlockStrings.print("  indented") == "\"\"\"  indented\"\"\"")
    }

    @Test func stringsEscapeControlCharacters() {
        #expect(Printer.printString("a\"b\\c\n\u{7}\u{7F}é") == "\"a\\\"b\\\\c\\n\\u0007\\u007Fé\"")
    }

    @Test func shorthandQueryOnlyWithoutNameVariablesOrDirectives() {
        #expect(reprint("query { a }") == "{\n  a\n}")
        #expect(reprint("query @d { a }") == "query @d {\n  a\n}")
        #expect(reprint("mutation { a }") == "mutation {\n  a\n}")
    }

    @Test func printIsIdempotent() {
        let text = """
            query Q($a: [Int!]! = [1], $b: In = {x: "y", z: null}) @d(a: ENUM) {
              ...F @skip(if: $b)
              ... on T { x: y(z: 1.5e3) }
              ... @include(if: true) { w }
            }
            """
        let once = reprint(text)
        #expect(reprint(once) == once)
    }
}
