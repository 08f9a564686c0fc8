import GraphQLParser
import RelayCompiler
import Testing

/// The index the source stage makes of a Swift file: code tokens (interpolations' code
/// included), comments with documentation marked, and the `graphql(…)` literals.
struct SwiftSourceIndexTests {
    let text = #"""
        /// Documented.
        // Plain. name
        /* Block { */ /** Doc block */
        let name = "a { string } name \(value.count) end" + #"raw name"#
        private let query = graphql("""
            query A { b }
            """)
        """#

    var index: SwiftSourceIndex { .of(text, file: "A.swift") }
    var bytes: [UInt8] { Array(text.utf8) }

    func texts(_ kind: SwiftSourceIndex.Token.Kind) -> [String] {
        index.tokens.filter { $0.kind == kind }.map { String(decoding: bytes[$0.range], as: UTF8.self) }
    }

    @Test func codeTokensLeaveOutCommentsAndStringText() {
        #expect(texts(.identifier) == ["let", "name", "value", "count", "private", "let", "query", "graphql"])
        #expect(
            texts(.punctuation) == ["=", ".", "+", "=", "(", ")"], "an interpolation's parentheses are its string's")
        #expect(texts(.string).count == 3)
        #expect(index.identifiers(named: "name", in: bytes).count == 1)
        #expect(index.closingBracket(of: 0, in: bytes) == nil, "`let` is no bracket")
    }

    @Test func commentsStringsAndInterpolations() throws {
        #expect(index.comments.map(\.isDocumentation) == [true, false, false, true])
        let stringStart = try #require(bytes.firstIndex(of: UInt8(ascii: "\"")))
        #expect(index.isInCommentOrString(stringStart + 3))
        let interpolated = try #require(text.range(of: "value.count"))
        let offset = text.utf8.distance(from: text.startIndex, to: interpolated.lowerBound)
        #expect(!index.isInCommentOrString(offset))
        #expect(index.identifier(at: offset + 2).map { index.text(of: $0, in: bytes) } == "value")
        #expect(index.interpolations.count == 1 && index.graphQLLiterals.count == 1)
    }
}
