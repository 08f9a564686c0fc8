import GraphQLParser
import Testing

/// One parse reports every independent syntax error and keeps what it could parse.
struct RecoveryTests {
    private func errors(_ text: String) -> [String] {
        Parser.parse(Source(text, name: "doc.graphql")).diagnostics.map(\.description)
    }

    @Test func reportsErrorsInSeveralDefinitions() {
        let text = """
            query A { a(x: ) b }
            query B { f(a: "bad \\z") ~ g }
            fragment on on T { x }
            query C { ok }
            { unclosed
            """
        #expect(
            errors(text) == [
                "doc.graphql:1:16: error: Syntax Error: Unexpected \")\".",
                "doc.graphql:2:21: error: Syntax Error: Invalid character escape sequence: \"\\z\".",
                "doc.graphql:2:26: error: Syntax Error: Unexpected character: \"~\".",
                "doc.graphql:3:10: error: Syntax Error: Unexpected Name \"on\".",
                "doc.graphql:5:11: error: Syntax Error: Expected Name, found <EOF>.",
            ])
    }

    @Test func keepsTheDefinitionsAroundAnError() {
        let result = Parser.parse(Source("query A { a } query B { b(: 1) c } query C { d }"))
        #expect(result.diagnostics.count == 1)
        let names = result.document.definitions.compactMap { definition -> String? in
            if case .operation(let operation) = definition { return operation.name?.value }
            return nil
        }
        #expect(names == ["A", "B", "C"])
        guard case .operation(let operationB) = result.document.definitions[1] else {
            Issue.record("expected an operation")
            return
        }
        // The bad selection is dropped; the one after it is kept.
        #expect(Printer.print(operationB) == "query B {\n  c\n}")
    }

    @Test func lexicalErrorIsNotReportedTwice() {
        // The unterminated string is one error, not also "Unexpected String".
        #expect(errors("\"no end") == ["doc.graphql:1:8: error: Syntax Error: Unterminated string."])
        // A malformed number is one error, not also an unexpected name.
        #expect(
            errors("{ f(a: 123abc) }") == [
                "doc.graphql:1:11: error: Syntax Error: Invalid number, expected digit but got: \"a\"."
            ])
    }

    @Test func errorsAtTheEndAreReportedOnce() {
        #expect(errors("{ a { b { c") == ["doc.graphql:1:12: error: Syntax Error: Expected Name, found <EOF>."])
    }

    @Test func typeSystemErrorsRecoverAtTheNextDefinition() {
        let text = """
            type A { f: }
            type B { g: Int }
            enum E { true }
            input I { x: Int = $v }
            """
        #expect(
            errors(text) == [
                "doc.graphql:1:13: error: Syntax Error: Expected Name, found \"}\".",
                "doc.graphql:3:10: error: Syntax Error: Name \"true\" is reserved and cannot be used for an enum value.",
                "doc.graphql:4:20: error: Syntax Error: Unexpected variable \"$v\" in constant value.",
            ])
    }

    @Test func aRunOfUnexpectedCharactersIsOneError() {
        // Pasted binary or a stray symbol sequence is one error at its first character; the
        // tokens after it still parse.
        #expect(
            errors("{ a \u{0}\u{0}\u{FFFD}~é b c(x: 1) }") == [
                "doc.graphql:1:5: error: Syntax Error: Unexpected character: U+0000."
            ])
        let result = Parser.parse(Source("{ a ~~~ b }"))
        guard case .operation(let operation) = result.document.definitions.first else {
            Issue.record("expected an operation")
            return
        }
        #expect(Printer.print(operation) == "{\n  a\n  b\n}")
        // Ignored characters, token starts and a single quote end the run.
        #expect(
            errors("{ a ~~ ~ b ~'x' ~1 }") == [
                "doc.graphql:1:5: error: Syntax Error: Unexpected character: \"~\".",
                "doc.graphql:1:8: error: Syntax Error: Unexpected character: \"~\".",
                "doc.graphql:1:12: error: Syntax Error: Unexpected character: \"~\".",
                "doc.graphql:1:13: error: Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?",
                "doc.graphql:1:15: error: Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?",
                "doc.graphql:1:17: error: Syntax Error: Unexpected character: \"~\".",
                "doc.graphql:1:18: error: Syntax Error: Expected Name, found Int \"1\".",
            ])
    }

    @Test func errorsPastTheLimitAreCountedInOne() {
        let text = "{ a" + String(repeating: " ~ b", count: 150) + " }"
        let limited = Parser.parse(Source(text, name: "doc.graphql")).diagnostics.map(\.description)
        // The k-th "~" (from 0) is at column 4k + 5.
        #expect(limited.count == 101)
        #expect(limited[99] == "doc.graphql:1:\(4 * 99 + 5): error: Syntax Error: Unexpected character: \"~\".")
        #expect(
            limited[100]
                == "doc.graphql:1:\(4 * 100 + 5): error: Too many syntax errors, error limit reached: 50 more are not shown."
        )
        let custom = Parser.parse(Source(text), options: ParseOptions(maxErrors: 3)).diagnostics
        #expect(custom.count == 4)
        #expect(custom.last?.message == "Too many syntax errors, error limit reached: 147 more are not shown.")
        #expect(Parser.parse(Source(text), options: ParseOptions(maxErrors: nil)).diagnostics.count == 150)
        // Exactly at the limit nothing is cut.
        let atLimit = "{ a" + String(repeating: " ~ b", count: 100) + " }"
        #expect(Parser.parse(Source(atLimit)).diagnostics.count == 100)
    }

    @Test func validDocumentHasNoDiagnostics() {
        let result = Parser.parse(Source("{ a }"))
        #expect(result.diagnostics.isEmpty)
        #expect(!result.hasErrors)
    }
}
