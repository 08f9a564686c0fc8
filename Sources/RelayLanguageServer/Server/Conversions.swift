import Foundation
import GraphQLParser
import RelayCompiler

/// The compiler's places (1-based lines, columns in Unicode scalars, byte offsets) as LSP's
/// (0-based lines, columns in UTF-16 units), and its kinds as LSP's numbers.
enum Conversions {
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    static func uri(ofPath path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// The lines of a text, as ranges are converted against.
    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// The UTF-8 offset of an LSP position.
    static func byteOffset(of position: LSP.Position, in text: String) -> Int {
        var offset = 0
        var currentLine = 0
        let utf8 = Array(text.utf8)
        while currentLine < position.line, offset < utf8.count {
            if utf8[offset] == UInt8(ascii: "\n") { currentLine += 1 }
            offset += 1
        }
        let lineEnd = utf8[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.count
        var units = 0
        let lineText = String(decoding: utf8[offset..<lineEnd], as: UTF8.self)
        for scalar in lineText.unicodeScalars {
            guard units < position.character else { break }
            units += scalar.utf16.count
            offset += scalar.utf8.count
        }
        return offset
    }

    static func range(_ location: SourceLocation, lines: [Substring]) -> LSP.Range {
        func position(line: Int, column: Int) -> LSP.Position {
            let lineText = line >= 1 && line <= lines.count ? lines[line - 1] : ""
            let prefix = String(String.UnicodeScalarView(lineText.unicodeScalars.prefix(max(0, column - 1))))
            return LSP.Position(line: max(0, line - 1), character: prefix.utf16.count)
        }
        return LSP.Range(
            start: position(line: location.line, column: location.column),
            end: position(line: location.endLine, column: location.endColumn))
    }

    static func diagnostic(_ diagnostic: Diagnostic, lines: [Substring]) -> LSP.Diagnostic {
        let location = diagnostic.location ?? SourceLocation(file: "", line: 1, column: 1)
        var range = range(location, lines: lines)
        // An empty range is widened to one character, which editors can underline.
        if range.end == range.start { range.end.character += 1 }
        return LSP.Diagnostic(
            range: range, severity: diagnostic.severity == .error ? 1 : 2, message: diagnostic.message)
    }

    /// LSP's `SymbolKind`: an operation is a function (12), something run; a fragment a struct
    /// (23), a shape of data; a schema type a class (5), interface (11), enum (10), struct (an
    /// input, 23) or type parameter (a scalar, 26); a schema field a field (8).
    static func symbolKind(_ kind: GraphQLSymbol.Kind) -> Int {
        switch kind {
        case .query, .mutation, .subscription: 12
        case .fragment: 23
        case .schemaField: 8
        case .schemaType(let type):
            switch type {
            case .object, .union: 5
            case .interface: 11
            case .enumType: 10
            case .inputObject: 23
            case .scalar: 26
            }
        }
    }

    static func completion(_ item: CompletionItem) -> LSP.CompletionItem {
        // LSP's CompletionItemKind numbers.
        let kind: Int =
            switch item.kind {
            case .field: 5
            case .argument: 6
            case .fragment: 18
            case .directive: 24
            case .variable: 6
            case .type: 7
            case .enumValue: 20
            case .keyword: 14
            }
        return LSP.CompletionItem(
            label: item.label, kind: kind, detail: item.detail,
            documentation: item.documentation.map { LSP.MarkupContent(value: $0) }, insertText: item.insertText,
            filterText: item.insertText, tags: item.isDeprecated ? [1] : nil)
    }
}
