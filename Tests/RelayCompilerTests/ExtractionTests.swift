import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// The extractor over Swift files in `Tests/Fixtures/Extraction` (plain text, not compiled).
struct ExtractionTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Extraction")

    private func extract(_ fixture: String) throws -> ExtractionResult {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(fixture + ".swift.txt"), encoding: .utf8)
        return GraphQLLiteralExtractor.extract(from: text, file: fixture + ".swift")
    }

    private func extract(inline text: String) -> ExtractionResult {
        GraphQLLiteralExtractor.extract(from: text, file: "File.swift")
    }

    @Test func findsEveryKindOfLiteral() throws {
        let result = try extract("AllKinds")
        #expect(result.diagnostics == [])
        #expect(
            result.literals.map(\.source.text) == [
                "query AllKindsQuery { a }",
                "mutation AllKindsMutation($input: In!) {\n  change(input: $input) { id }\n}",
                "fragment AllKinds_a on T { b(x: \"quoted\") }",
                "fragment AllKinds_b on T {\n  c\n}",
            ])
    }

    @Test func ignoresCommentsOtherStringsAndDeclarations() throws {
        let result = try extract("NotCalls")
        #expect(result.literals.map(\.source.text) == ["query Yes { a }"])
        #expect(result.diagnostics == [])
    }

    @Test func decodesEscapesButNotInRawLiterals() throws {
        let result = try extract("Escapes")
        #expect(result.literals.map(\.source.text) == ["query Q { a(s: \"x\\y\", e: A) }", "{ a(s: \"\\n\") }"])
    }

    @Test func multilineLiteralsDecodeEscapesAndJoinContinuedLines() {
        let swift = ##"""
            let q = graphql("""
                { a(s: "\u{e9}\t\"x\\") b \
                c }
                """)
            let r = graphql(#"""
                { a(s: "\n") }
                """#)
            """##
        let result = extract(inline: swift)
        #expect(result.diagnostics == [])
        #expect(result.literals.map(\.source.text) == ["{ a(s: \"é\t\"x\\\") b c }", "{ a(s: \"\\n\") }"])
        // An error on a continued line points at its Swift line and column.
        let continued = extract(inline: "let q = graphql(\"\"\"\n    { a \\\n    ~ }\n    \"\"\")")
        let literal = continued.literals.first
        #expect(literal?.source.text == "{ a ~ }")
        #expect(
            literal.map { Parser.parse($0.source).diagnostics.map(\.description) } == [
                "File.swift:3:5: error: Syntax Error: Unexpected character: \"~\"."
            ])
    }

    @Test func interpolationIsAnError() throws {
        let result = try extract("Interpolated")
        #expect(result.literals.isEmpty)
        #expect(
            result.diagnostics.map(\.description) == [
                "Interpolated.swift:1:37: error: graphql literals cannot be interpolated: the compiler reads their text, so it must be written out."
            ])
    }

    @Test func nonLiteralArgumentIsAnError() {
        #expect(
            extract(inline: "let q = graphql(text)").diagnostics.map(\.description) == [
                "File.swift:1:9: error: graphql(…) takes a string literal, so that the compiler can read the GraphQL text."
            ])
    }

    @Test func unterminatedLiteralsAreErrors() {
        #expect(
            extract(inline: "let q = graphql(\"query Q {\nlet x = 1").diagnostics.map(\.description) == [
                "File.swift:1:17: error: Unterminated string literal."
            ])
        #expect(
            extract(inline: "let q = graphql(\"\"\"\n  query Q { a }\n").diagnostics.map(\.description) == [
                "File.swift:1:17: error: Unterminated multi-line string literal."
            ])
        // A backslash before a line break continues only a multi-line literal. (The quote on
        // the next line then opens another string.)
        #expect(
            extract(inline: "let q = graphql(\"{ a \\\n}\")").diagnostics.map(\.description) == [
                "File.swift:1:17: error: Unterminated string literal.",
                "File.swift:2:2: error: Unterminated string literal.",
            ])
    }

    @Test func insufficientIndentationIsReported() throws {
        #expect(
            try extract("Indentation").diagnostics.map(\.description) == [
                "Indentation.swift:3:1: error: Insufficient indentation of a line in a multi-line string literal."
            ])
    }

    /// A file of thousands of badly indented lines gets 100 errors and one that counts the rest,
    /// as syntax and validation errors are capped.
    @Test func swiftErrorsPerFileAreCapped() {
        let lines = String(repeating: "x\n", count: 20_000)
        let text = "let q = graphql(\"\"\"\n    { a }\n\(lines)    \"\"\")\n"
        let diagnostics = extract(inline: text).diagnostics.map(\.description)
        #expect(diagnostics.count == GraphQLLiteralExtractor.maxErrors + 1)
        #expect(
            diagnostics.last
                == "File.swift:103:1: error: Too many errors in this Swift file, error limit reached: 19900 more are not shown."
        )
    }

    /// GraphQL errors in a literal point at the Swift file's line and column.
    @Test func diagnosticsPointIntoTheSwiftFile() throws {
        let literal = try #require(try extract("Located").literals.first)
        let result = Parser.parse(literal.source)
        #expect(
            result.diagnostics.map(\.description) == [
                "Located.swift:5:21: error: Syntax Error: Unexpected character: \"~\"."
            ])
        let schema = SchemaBuilder.build([
            Parser.parse(Source("type Query { viewer: User } type User { id: ID }")).document
        ])
        let errors = Validator.validate([result.document], schema: schema).map(\.description)
        #expect(errors.contains("Located.swift:5:16: error: Cannot query field \"name\" on type \"User\"."))
    }

    @Test func singleLineLiteralColumnsAreExact() throws {
        let literal = try #require(extract(inline: "let q = graphql(\"{ a(x: 01) }\")").literals.first)
        #expect(
            Parser.parse(literal.source).diagnostics.map(\.description) == [
                "File.swift:1:26: error: Syntax Error: Invalid number, unexpected digit after 0: \"1\"."
            ])
    }
}
