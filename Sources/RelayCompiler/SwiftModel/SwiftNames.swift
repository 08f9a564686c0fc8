/// Turns GraphQL names and text into Swift source that means exactly that name or text: keywords
/// are back-quoted, and string literals choose delimiters that no content can close early, so a
/// schema description or default value containing `"""`, `\`, `*/` or `#` cannot break or inject
/// into a generated file.
public enum SwiftNames {
    /// Swift's reserved words (declarations, statements, expressions and types), which need
    /// back quotes as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_",
    ]

    /// Names that are valid identifiers but mean something else where generated code uses
    /// them as member names (`Type` and `Protocol` after a dot, `init`).
    static let memberKeywords: Set<String> = ["Type", "Protocol", "init", "self", "Self"]

    /// A Swift identifier for a GraphQL name (`[_A-Za-z][_0-9A-Za-z]*`): back-quoted when it is
    /// a keyword.
    public static func identifier(_ name: String) -> String {
        keywords.contains(name) || memberKeywords.contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal whose value is `text`, whatever it contains. Plain text becomes
    /// `"…"`; text with quotes or backslashes a raw `#"…"#`; text with other control characters
    /// `"…"` with escapes; text with line breaks a raw multi-line literal. A raw literal's `#`
    /// delimiter is longer than any run of `#` after a quote or backslash in the text.
    /// - Parameter indentation: for a multi-line literal, the indentation of its lines and of the
    ///   closing delimiter (which Swift strips from every line).
    /// - Parameter escapedOnly: `"…"` with escapes whatever the text, for places that take no
    ///   raw literal (an attribute's `message:`).
    public static func stringLiteral(_ text: String, indentation: String = "", escapedOnly: Bool = false) -> String {
        let kind = literalKind(text)
        switch escapedOnly && kind != .plain ? .escaped : kind {
        case .plain:
            return "\"" + text + "\""
        case .raw:
            let hashes = String(repeating: "#", count: longestHashRunAfterQuote(in: text) + 1)
            return hashes + "\"" + text + "\"" + hashes
        case .escaped:
            var escaped = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": escaped += "\\\\"
                case "\"": escaped += "\\\""
                case "\t": escaped += "\\t"
                case "\0": escaped += "\\0"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        escaped += "\\u{\(String(scalar.value, radix: 16))}"
                    } else {
                        escaped.unicodeScalars.append(scalar)
                    }
                }
            }
            return escaped + "\""
        case .multiline:
            let hashes = String(repeating: "#", count: longestHashRunAfterQuote(in: text) + 1)
            let normalized =
                text.utf8.contains(UInt8(ascii: "\r"))
                ? text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") : text
            guard !indentation.isEmpty else { return hashes + "\"\"\"\n" + normalized + "\n\"\"\"" + hashes }
            return hashes + "\"\"\"\n" + indentingLines(normalized, by: indentation) + "\n" + indentation + "\"\"\""
                + hashes
        }
    }

    /// `text` with `indentation` before every line that is not empty. Works on the bytes: the
    /// text is a node's whole JSON, and splitting it by `Character` cost more than building it.
    static func indentingLines(_ text: String, by indentation: String) -> String {
        let bytes = Array(text.utf8)
        let indent = Array(indentation.utf8)
        var lineCount = 1
        for byte in bytes where byte == UInt8(ascii: "\n") { lineCount += 1 }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + lineCount * indent.count)
        var lineStart = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if lineEnd > lineStart {
                output += indent
                output += bytes[lineStart..<lineEnd]
            }
            if lineEnd < bytes.count { output.append(UInt8(ascii: "\n")) }
            lineStart = lineEnd + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The length in UTF-8 bytes of `stringLiteral(text)` when it is a single-line literal
    /// without escapes (the common case, measured without building it), else nil.
    static func plainLiteralLength(_ text: String) -> Int? {
        literalKind(text) == .plain ? text.utf8.count + 2 : nil
    }

    private enum LiteralKind { case plain, raw, escaped, multiline }

    /// One pass over the bytes: a line break needs a multi-line literal; other control
    /// characters need escapes; quotes and backslashes a raw literal (`#"{"a":1}"#`), which
    /// keeps text such as JSON readable; anything else is written as it is.
    private static func literalKind(_ text: String) -> LiteralKind {
        var kind = LiteralKind.plain
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return .multiline
            case 0..<0x20, 0x7F: kind = .escaped
            case UInt8(ascii: "\\"), UInt8(ascii: "\""): if kind == .plain { kind = .raw }
            default: break
            }
        }
        return kind
    }

    /// The longest run of `#` directly after a `"` in `text`, so a delimiter one longer cannot be
    /// closed (or a raw escape opened) by the content.
    static func longestHashRunAfterQuote(in text: String) -> Int {
        var longest = 0
        var current = -1
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                current = 0
            } else if byte == UInt8(ascii: "#"), current >= 0 {
                current += 1
                longest = max(longest, current)
            } else {
                current = -1
            }
        }
        return longest
    }

    /// Text for a `///` doc comment: one comment line per text line. Nothing in a line comment
    /// can end it early, unlike `/* */`.
    public static func docComment(_ text: String, indentation: String = "") -> String {
        var result = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { result += "\n" }
            result += indentation
            var trimmed = line.utf8[...]
            while let last = trimmed.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                trimmed = trimmed.dropLast()
            }
            result += trimmed.isEmpty ? "///" : "/// " + String(Substring(trimmed))
        }
        return result
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
