import GraphQLParser
import Testing

/// The lexer, parser and printer against `../shared/conformance/corpus.json` (graphql-js 16
/// behaviour). Each test checks every case, lists the failures, and prints its score.
@Suite(.enabled(if: SharedFiles.exists("conformance/corpus.json"), "needs ../shared/conformance"))
struct ParserConformanceTests {
    static let corpus: JSONValue? = try? SharedFiles.json("conformance/corpus.json")

    @Test func lexerCases() throws {
        let cases = try #require(Self.corpus)["lexer"].array
        var failures: [String] = []
        for testCase in cases {
            let id = testCase["id"].string ?? "?"
            let source = testCase["source"].string ?? ""
            let (tokens, diagnostics) = Tokenizer.tokenize(Source(source))
            let actual = tokens.map { describe($0, in: source) }
            let expected = testCase["tokens"].array.map(describeExpected)
            if !diagnostics.isEmpty || actual != expected {
                failures.append("\(id): expected \(expected), got \(actual) \(diagnostics)")
            }
        }
        report("lexer", passed: cases.count - failures.count, of: cases.count, failures)
        #expect(cases.count == 72)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func validDocuments() throws {
        let cases = try #require(Self.corpus)["parse_valid"].array
        var failures: [String] = []
        for testCase in cases {
            let id = testCase["id"].string ?? "?"
            let result = Parser.parse(Source(testCase["source"].string ?? ""))
            guard result.diagnostics.isEmpty else {
                failures.append("\(id): unexpected errors \(result.diagnostics)")
                continue
            }
            let ast = ASTDump.dump(result.document)
            if ast != testCase["ast"] {
                failures.append("\(id): AST differs\nexpected \(testCase["ast"])\ngot      \(ast)")
            }
            let printed = Printer.print(result.document)
            if printed != testCase["printed"].string {
                failures.append(
                    "\(id): printed text differs\nexpected:\n\(testCase["printed"].string ?? "")\ngot:\n\(printed)")
            }
            // print() is canonical: its output parses back to the same AST.
            let reparsed = Parser.parse(Source(printed))
            if !reparsed.diagnostics.isEmpty || ASTDump.dump(reparsed.document) != ast {
                failures.append("\(id): parse(print(ast)) differs from ast \(reparsed.diagnostics)")
            }
        }
        report("valid documents (AST + printed)", passed: cases.count - failures.count, of: cases.count, failures)
        #expect(cases.count == 32)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func syntaxErrors() throws {
        let cases = try #require(Self.corpus)["syntax_errors"].array
        var failures: [String] = []
        for testCase in cases {
            let id = testCase["id"].string ?? "?"
            let error = testCase["error"]
            let location = error["location"]
            let result = Parser.parse(Source(testCase["source"].string ?? "", name: "doc.graphql"))
            // graphql-js stops at its first error; we report all of them, in source order, so
            // the first one must be graphql-js's.
            guard let first = result.diagnostics.first, let actual = first.location else {
                failures.append("\(id): no error reported")
                continue
            }
            let expected =
                "\(location["line"].int ?? 0):\(location["column"].int ?? 0) \(error["message"].string ?? "")"
            let got = "\(actual.line):\(actual.column) \(first.message)"
            if expected != got {
                failures.append("\(id): expected \(expected)\n   got \(got)")
            }
        }
        report("syntax errors (message + line:column)", passed: cases.count - failures.count, of: cases.count, failures)
        #expect(cases.count == 112)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    private func describe(_ token: LexedToken, in source: String) -> String {
        let utf8 = Array(source.utf8)
        let lines = LineTable(utf8: utf8)
        let start = Int(token.range.start)
        let end = Int(token.range.end)
        let position = lines.position(ofByte: start)
        let prefix = String(decoding: utf8[0..<start], as: UTF8.self)
        let text = String(decoding: utf8[start..<end], as: UTF8.self)
        let scalarStart = prefix.unicodeScalars.count
        let utf16Start = prefix.utf16.count
        return describe(
            kind: token.kind.description, value: token.value,
            offsets: [
                scalarStart, scalarStart + text.unicodeScalars.count, start, end, utf16Start,
                utf16Start + text.utf16.count,
            ],
            position: [position.line, position.column, position.utf8Column, position.utf16Column])
    }

    private func describeExpected(_ token: JSONValue) -> String {
        let offsets = ["start", "end", "start_utf8", "end_utf8", "start_utf16", "end_utf16"].map { token[$0].int ?? -1 }
        let position = ["line", "column", "column_utf8", "column_utf16"].map { token[$0].int ?? -1 }
        return describe(
            kind: token["kind"].string ?? "?", value: token["value"].string, offsets: offsets, position: position)
    }

    private func describe(kind: String, value: String?, offsets: [Int], position: [Int]) -> String {
        "\(kind) \(value.map { "\($0.debugDescription)" } ?? "-") offsets \(offsets) at \(position)"
    }
}

func report(_ name: String, passed: Int, of total: Int, _ failures: [String]) {
    print("Conformance: \(name): \(passed)/\(total)")
    for failure in failures.prefix(20) {
        print("  mismatch: \(failure)")
    }
}
