/// A token with its value, as produced by `Tokenizer.tokenize`.
public struct LexedToken: Hashable, Sendable {
    public var kind: TokenKind
    public var range: SourceRange
    /// Names and numbers: their text. Strings: the unescaped value. Block strings: the dedented
    /// value. Punctuators and the end of input: nil.
    public var value: String?
}

/// Public access to the lexer, for tools (syntax highlighting, formatters) and tests.
public enum Tokenizer {
    /// Every token of `source` up to and including the end-of-file token, and the lexical errors.
    public static func tokenize(_ source: Source) -> (tokens: [LexedToken], diagnostics: [Diagnostic]) {
        source.withUTF8 { bytes in
            var lexer = Lexer(bytes)
            var tokens: [LexedToken] = []
            while true {
                let token = lexer.next()
                let value: String?
                switch token.kind {
                case .name, .int, .float:
                    value = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self)
                case .string: value = StringValues.stringValue(in: bytes, range: token.range)
                case .blockString: value = BlockStrings.value(in: bytes, range: token.range)
                default: value = nil
                }
                tokens.append(LexedToken(kind: token.kind, range: token.range, value: value))
                if token.kind == .endOfFile { break }
            }
            let lines = LineTable(source.text)
            let diagnostics = lexer.issues.map { issue in
                Diagnostic.error(issue.message, at: SourceLocation(file: source.name, range: issue.range, lines: lines))
            }
            return (tokens, diagnostics)
        }
    }
}
