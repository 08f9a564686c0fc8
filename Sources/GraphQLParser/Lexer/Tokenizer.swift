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
    /// Calls `body` with every token of `source` (ending with the end-of-file token), without
    /// decoding values or allocating; returns how many tokens there were. For highlighters and
    /// for measuring the lexer alone.
    @discardableResult
    public static func forEachToken(in source: Source, _ body: (Token) -> Void = { _ in }) -> Int {
        source.withUTF8 { bytes in
            var lexer = Lexer(bytes)
            var count = 0
            while true {
                let token = lexer.next()
                body(token)
                count += 1
                if token.kind == .endOfFile { return count }
            }
        }
    }

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
                    value = String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self
                    )
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
