import GraphQLParser
import TestSupport
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
        #expect(unsorted.sortedByLocation().map(\.message) == ["a", "b", "c", "none"])
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

    /// Positions come from per-block counts plus a scan (none in an all-ASCII block); every
    /// offset of a text mixing 1-, 2-, 3- and 4-byte characters, with ASCII runs longer than a
    /// block, over many blocks and lines agrees with a plain count from the line start.
    @Test func columnsAgreeWithAPlainCountAcrossBlocks() {
        var text = ""
        for index in 0..<1400 {
            text += (index / 150) % 2 == 0 ? "a" : ["a", "é", "€", "😀"][index % 4]
            if index % 211 == 0 { text += index % 2 == 0 ? "\n" : "\r\n" }
        }
        let bytes = Array(text.utf8)
        let lines = LineTable(text)
        var line = 1
        var scalars = 0
        var utf16 = 0
        var lineStart = 0
        for offset in 0...bytes.count {
            if offset > 0, bytes[offset - 1] == UInt8(ascii: "\n") {
                (line, scalars, utf16, lineStart) = (line + 1, 0, 0, offset)
            }
            if bytes.indices.contains(offset), bytes[offset] & 0xC0 == 0x80 { continue }  // mid-character
            let position = lines.position(ofByte: offset)
            #expect(position.line == line, "line at byte \(offset)")
            #expect(position.column == scalars + 1, "column at byte \(offset)")
            #expect(position.utf16Column == utf16 + 1, "UTF-16 column at byte \(offset)")
            #expect(position.utf8Column == offset - lineStart + 1, "UTF-8 column at byte \(offset)")
            if bytes.indices.contains(offset) {
                scalars += 1
                utf16 += bytes[offset] >= 0xF0 ? 2 : 1
            }
        }
    }

    /// Lines and columns match a byte-by-byte count on random texts: every kind of line break
    /// (a `\r\n` split across the 8-byte words the table skips by, a lone `\r`), multi-byte
    /// characters, and runs of plain ASCII that fill whole blocks.
    @Test func linesAndColumnsAgreeWithAPlainCountOnRandomTexts() {
        var random = SeededRandom(seed: 2026)
        let pieces = ["a", "b", " ", "é", "€", "😀", "\n", "\r", "\r\n", String(repeating: "x", count: 70)]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...120, using: &random)).map { _ in
                pieces.randomElement(using: &random) ?? ""
            }.joined()
            let bytes = Array(text.utf8)
            let lines = LineTable(text)
            var expectedStarts = [0]
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
                    expectedStarts.append(index + 1)
                }
                index += 1
            }
            #expect(lines.lineStarts == expectedStarts, "\(bytes)")
            for offset in 0...bytes.count where !bytes.indices.contains(offset) || bytes[offset] & 0xC0 != 0x80 {
                let line = (expectedStarts.lastIndex { $0 <= offset } ?? 0)
                let before = String(decoding: bytes[expectedStarts[line]..<offset], as: UTF8.self)
                let position = lines.position(ofByte: offset)
                #expect(position.line == line + 1, "line at byte \(offset) of \(bytes)")
                #expect(position.column == before.unicodeScalars.count + 1, "column at byte \(offset) of \(bytes)")
                #expect(position.utf16Column == before.utf16.count + 1, "UTF-16 column at byte \(offset)")
            }
        }
    }

    /// A very long line is not repeated under each of its diagnostics.
    @Test func codeFramesSkipVeryLongLines() {
        let long = String(repeating: "x", count: LineTable.maximumCodeFrameLength + 1)
        let lines = LineTable("short\n\(long)\nend")
        #expect(lines.codeFrameText(1) == "short")
        #expect(lines.codeFrameText(2) == nil)
        #expect(lines.codeFrameText(3) == "end")
        #expect(lines.codeFrameText(4) == nil)
        #expect(lines.lineText(2) == long)
    }
}
