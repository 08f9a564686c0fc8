import GraphQLParser
import Testing

struct DiagnosticTests {
    @Test func swiftcHeadline() {
        let diagnostic = Diagnostic.error(
            "Syntax Error: Unexpected \"}\".", at: SourceLocation(file: "a/b.swift", line: 3, column: 7))
        #expect(diagnostic.description == "a/b.swift:3:7: error: Syntax Error: Unexpected \"}\".")
        #expect(Diagnostic.error("no file", at: nil).description == "error: no file")
    }

    @Test func codeFrameUnderlinesTheRange() {
        let text = "query Q {\n\tfield(arg: 01)\n}"
        let result = Parser.parse(Source(text, name: "q.graphql"))
        let lines = LineTable(text)
        let renderer = DiagnosticRenderer(showsCodeFrame: true, usesColor: false)
        let rendered = result.diagnostics.map { renderer.render($0) { _, line in lines.lineText(line) } }
        #expect(
            rendered == [
                """
                q.graphql:2:14: error: Syntax Error: Invalid number, unexpected digit after 0: "1".
                 2 | \tfield(arg: 01)
                   | \t            ^
                """
            ])
    }

    @Test func notesAreRenderedWithTheirLocations() {
        let note = DiagnosticNote("first defined here", at: SourceLocation(file: "a.graphql", line: 1, column: 7))
        let diagnostic = Diagnostic.error(
            "There can be only one operation named \"Q\".", at: SourceLocation(file: "b.graphql", line: 2, column: 7),
            notes: [note])
        #expect(
            DiagnosticRenderer.plain.render(diagnostic) == """
                b.graphql:2:7: error: There can be only one operation named "Q".
                a.graphql:1:7: note: first defined here
                """)
    }

    @Test func colorWrapsOnlyTheSeverity() {
        let diagnostic = Diagnostic.error("m", at: SourceLocation(file: "f", line: 1, column: 1))
        #expect(DiagnosticRenderer.terminal.headline(diagnostic) == "f:1:1: \u{1B}[1;31merror\u{1B}[0m: m")
    }

    @Test func sortsByFileLineAndColumn() {
        let unsorted = [
            Diagnostic.error("c", at: SourceLocation(file: "b", line: 1, column: 1)),
            Diagnostic.error("b", at: SourceLocation(file: "a", line: 2, column: 1)),
            Diagnostic.error("a", at: SourceLocation(file: "a", line: 1, column: 5)),
            Diagnostic.error("none", at: nil),
        ]
        #expect(unsorted.sortedByLocation().map(\.message) == ["none", "a", "b", "c"])
    }

    @Test func columnsCountUnicodeScalars() {
        let lines = LineTable("é😀x\r\ny")
        let position = lines.position(ofByte: 6)  // "x": é is 2 bytes, 😀 is 4
        #expect(position.line == 1)
        #expect(position.column == 3)
        #expect(position.utf8Column == 7)
        #expect(position.utf16Column == 4)
        #expect(lines.position(ofByte: 9).line == 2)
        #expect(lines.lineText(1) == "é😀x")
        #expect(lines.lineText(3) == nil)
    }
}
