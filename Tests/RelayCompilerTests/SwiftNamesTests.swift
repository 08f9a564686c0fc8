import RelayCompiler
import Testing

struct SwiftNamesTests {
    @Test func keywordsAreBackQuoted() {
        #expect(SwiftNames.identifier("default") == "`default`")
        #expect(SwiftNames.identifier("Type") == "`Type`")
        #expect(SwiftNames.identifier("self") == "`self`")
        #expect(SwiftNames.identifier("todo") == "todo")
        #expect(SwiftNames.identifier("_typename") == "_typename")
    }

    /// Every literal reads back, by Swift's rules, as exactly the text it was made from (the
    /// extractor implements those rules), however hostile the text.
    @Test(arguments: [
        "plain",
        "quote \" and backslash \\ and tab \t",
        "closes \"\"\" a block string",
        "raw closer \"# and \"## and \\# interpolation \\(x) \\#(y)",
        "comment closer */ and opener /* and hash #",
        "line one\nline two with \"\"\"#\n  indented \\ end",
        "carriage\r\nreturns\rhere",
        "unicode é 😀 and control \u{7}",
        "",
    ])
    func stringLiteralsReadBackExactly(text: String) throws {
        let literal = SwiftNames.stringLiteral(text)
        let extracted = GraphQLLiteralExtractor.extract(from: "let x = graphql(\(literal))", file: "X.swift")
        #expect(extracted.diagnostics == [], "\(literal)")
        let expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        #expect(extracted.literals.first?.source.text == expected, "\(literal)")
    }

    @Test func docCommentsCannotBeClosedEarly() {
        #expect(
            SwiftNames.docComment("Ends */ here\nand /* there", indentation: "    ")
                == "    /// Ends */ here\n    /// and /* there")
        #expect(SwiftNames.docComment("") == "///")
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
