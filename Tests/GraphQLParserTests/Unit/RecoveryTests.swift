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

    @Test func validDocumentHasNoDiagnostics() {
        let result = Parser.parse(Source("{ a }"))
        #expect(result.diagnostics.isEmpty)
        #expect(!result.hasErrors)
    }
}
