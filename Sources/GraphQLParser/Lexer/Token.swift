/// The kinds of lexical token in GraphQL. Ignored tokens (white space, commas, comments, the
/// byte-order mark) are skipped by the lexer and never produced.
public enum TokenKind: UInt8, Sendable, Hashable, CustomStringConvertible {
    case endOfFile
    case bang
    case dollar
    case ampersand
    case parenLeft
    case parenRight
    case spread
    case colon
    case equals
    case at
    case bracketLeft
    case bracketRight
    case braceLeft
    case pipe
    case braceRight
    case name
    case int
    case float
    case string
    case blockString

    /// True for the fixed-text tokens `! $ & ( ) ... : = @ [ ] { | }`.
    public var isPunctuator: Bool { self != .endOfFile && rawValue < TokenKind.name.rawValue }

    /// graphql-js's name for the kind: the punctuator's text, or `Name`, `Int`, `<EOF>`, ….
    public var description: String {
        switch self {
        case .endOfFile: "<EOF>"
        case .bang: "!"
        case .dollar: "$"
        case .ampersand: "&"
        case .parenLeft: "("
        case .parenRight: ")"
        case .spread: "..."
        case .colon: ":"
        case .equals: "="
        case .at: "@"
        case .bracketLeft: "["
        case .bracketRight: "]"
        case .braceLeft: "{"
        case .pipe: "|"
        case .braceRight: "}"
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        }
    }

    /// How error messages name the kind: punctuators in quotes (`"{"`), others bare (`Name`).
    var quotedDescription: String { isPunctuator ? "\"\(description)\"" : description }
}

/// One lexical token: its kind and the UTF-8 byte range it covers. Token values (names,
/// unescaped strings) are produced on demand from the source, so lexing allocates nothing.
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    /// True when the lexer reported a problem inside this token (a bad escape, an unterminated
    /// string, a malformed number). The parser does not report the same token again.
    public var hasError: Bool
    public var start: UInt32
    public var end: UInt32

    @inlinable
    public init(kind: TokenKind, start: Int, end: Int, hasError: Bool = false) {
        self.kind = kind
        self.hasError = hasError
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
    }

    public var range: SourceRange { SourceRange(start: start, end: end) }
}

/// A problem found by the lexer or parser before it becomes a `Diagnostic` (which needs line
/// and column numbers, computed once at the end of a parse).
struct SyntaxIssue: Sendable {
    var message: String
    var range: SourceRange
}
