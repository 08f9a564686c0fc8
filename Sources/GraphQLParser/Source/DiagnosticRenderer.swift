/// Turns diagnostics into text.
///
/// The headline is swiftc's `path:line:column: severity: message`, which Xcode, SwiftPM and
/// most editors recognise and show inline. In a terminal a code frame with a caret underline
/// follows, and severities may be coloured.
public struct DiagnosticRenderer: Sendable {
    /// Show the offending line with a caret underline below the headline.
    public var showsCodeFrame: Bool
    /// Wrap the severity in ANSI colour codes.
    public var usesColor: Bool

    public init(showsCodeFrame: Bool, usesColor: Bool) {
        self.showsCodeFrame = showsCodeFrame
        self.usesColor = usesColor
    }

    /// Headlines only: for logs, build systems and tests.
    public static let plain = DiagnosticRenderer(showsCodeFrame: false, usesColor: false)
    /// Headline plus code frame, for people at a terminal.
    public static let terminal = DiagnosticRenderer(showsCodeFrame: true, usesColor: true)

    public func headline(_ diagnostic: Diagnostic) -> String {
        line(diagnostic.severity, diagnostic.message, at: diagnostic.location)
    }

    /// Renders a diagnostic and its notes. `lineText(file, line)` supplies source lines for
    /// code frames; return `nil` where the text is not available.
    public func render(
        _ diagnostic: Diagnostic, lineText: (String, Int) -> String? = { _, _ in nil }
    ) -> String {
        var output = headline(diagnostic)
        appendCodeFrame(for: diagnostic.location, lineText: lineText, to: &output)
        for note in diagnostic.notes {
            output += "\n" + line(.note, note.message, at: note.location)
            appendCodeFrame(for: note.location, lineText: lineText, to: &output)
        }
        return output
    }

    private func line(_ severity: DiagnosticSeverity, _ message: String, at location: SourceLocation?) -> String {
        let prefix = location.map { "\($0.file):\($0.line):\($0.column): " } ?? ""
        return prefix + colored(severity) + ": " + message
    }

    private func colored(_ severity: DiagnosticSeverity) -> String {
        guard usesColor else { return severity.rawValue }
        let code: String
        switch severity {
        case .error: code = "1;31"
        case .warning: code = "1;35"
        case .note: code = "1;30"
        }
        return "\u{1B}[\(code)m\(severity.rawValue)\u{1B}[0m"
    }

    private func appendCodeFrame(
        for location: SourceLocation?, lineText: (String, Int) -> String?, to output: inout String
    ) {
        guard showsCodeFrame, let location, let text = lineText(location.file, location.line) else { return }
        let number = String(location.line)
        let gutter = String(repeating: " ", count: number.count)
        // Tabs are kept so the caret lines up with the text above it.
        let lead = text.unicodeScalars.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }
            .joined()
        let width: Int
        if location.endLine == location.line, location.endColumn > location.column {
            width = location.endColumn - location.column
        } else {
            width = 1
        }
        output += "\n \(number) | \(text)\n \(gutter) | \(lead)^" + String(repeating: "~", count: width - 1)
    }
}
