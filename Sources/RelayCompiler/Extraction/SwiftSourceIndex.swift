import GraphQLParser

/// One Swift file as the compiler reads it, made once by the source stage's scanner
/// (`SwiftScanner`): its code tokens, comments, string literals with their interpolations, and
/// the `graphql(…)` literals. Everything that reads Swift — extraction, `@RelayResolver`
/// docblocks, rename, references, navigation, hover and code actions — reads this, so a name
/// in a comment or a string is never taken for code, and a brace in a string never closes a
/// scope.
public struct SwiftSourceIndex: Sendable {
    /// A token of code: comments and the inside of string literals are not code (the code of
    /// an interpolation is).
    public struct Token: Hashable, Sendable {
        public enum Kind: UInt8, Sendable {
            /// A name or keyword (without the backquotes of `` `default` ``), or a number.
            case identifier
            /// One byte of punctuation or an operator: `(`, `.`, `:`, `{`, `=`, …
            case punctuation
            /// A whole string literal, delimiters included.
            case string
        }
        public var kind: Kind
        public var start: UInt32
        public var end: UInt32
        public var range: Range<Int> { Int(start)..<Int(end) }
    }

    /// A comment, `//…` to the end of its line or a whole (nested) `/*…*/`.
    public struct Comment: Hashable, Sendable {
        public var range: SourceRange
        /// `///` or `/**`: documentation.
        public var isDocumentation: Bool
    }

    /// Code tokens in order (a string literal's token comes before its interpolations' tokens).
    public internal(set) var tokens: [Token] = []
    public internal(set) var comments: [Comment] = []
    /// The code of every interpolation, `\(` and `)` included.
    public internal(set) var interpolations: [SourceRange] = []
    /// The `graphql(…)` literals, delimiters included.
    public internal(set) var graphQLLiterals: [SourceRange] = []

    public init() {}

    /// The index of the last token starting at or before `offset`.
    private func lastToken(startingBy offset: Int) -> Int? {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if Int(tokens[middle].start) <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// The identifier token the cursor at `offset` is in or right after; nil in comments,
    /// strings and anything else.
    public func identifier(at offset: Int) -> Int? {
        guard var index = lastToken(startingBy: offset) else { return nil }
        // A string token holds its interpolations: look back past tokens that end earlier.
        while index >= 0 {
            let token = tokens[index]
            if token.kind == .identifier, Int(token.start) <= offset, offset <= Int(token.end) { return index }
            if Int(token.end) < offset || token.kind != .identifier { break }
            index -= 1
        }
        return nil
    }

    /// True when `offset` is in a comment or in the text of a string literal (not in an
    /// interpolation's code).
    public func isInCommentOrString(_ offset: Int) -> Bool {
        let position = UInt32(clamping: offset)
        if comments.contains(where: { $0.range.start <= position && position < $0.range.end }) { return true }
        let inString = tokens.contains { $0.kind == .string && $0.start <= position && position < $0.end }
        return inString && !interpolations.contains { $0.start <= position && position < $0.end }
    }

    /// The identifier tokens spelled `name`.
    public func identifiers(named name: String, in bytes: [UInt8]) -> [Int] {
        let needle = Array(name.utf8)
        return tokens.indices.filter { index in
            let token = tokens[index]
            return token.kind == .identifier && token.end - token.start == needle.count
                && bytes[token.range].elementsEqual(needle)
        }
    }

    /// True when token `index` is the punctuation `byte`.
    public func isPunctuation(_ index: Int, _ byte: UInt8, in bytes: [UInt8]) -> Bool {
        tokens.indices.contains(index) && tokens[index].kind == .punctuation && bytes[Int(tokens[index].start)] == byte
    }

    /// True when token `index` is the identifier `word`.
    public func isWord(_ index: Int, _ word: String, in bytes: [UInt8]) -> Bool {
        tokens.indices.contains(index) && tokens[index].kind == .identifier
            && bytes[tokens[index].range].elementsEqual(word.utf8)
    }

    /// The text of token `index`.
    public func text(of index: Int, in bytes: [UInt8]) -> String {
        String(decoding: bytes[tokens[index].range], as: UTF8.self)
    }

    /// The index of the token closing the bracket (`(`, `[` or `{`) at token `open`, counting
    /// every kind of bracket; nil when the file ends first.
    public func closingBracket(of open: Int, in bytes: [UInt8]) -> Int? {
        guard
            isPunctuation(open, UInt8(ascii: "("), in: bytes) || isPunctuation(open, UInt8(ascii: "["), in: bytes)
                || isPunctuation(open, UInt8(ascii: "{"), in: bytes)
        else { return nil }
        var depth = 0
        for index in open..<tokens.count where tokens[index].kind == .punctuation {
            switch bytes[Int(tokens[index].start)] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// True when a line break separates the end of token `first` from the start of `second`.
    public func lineBreak(between first: Int, and second: Int, in bytes: [UInt8]) -> Bool {
        bytes[Int(tokens[first].end)..<Int(tokens[second].start)].contains(UInt8(ascii: "\n"))
    }
}

extension SwiftSourceIndex {
    /// The index of a Swift file's text, as the source stage makes it.
    public static func of(_ text: String, file: String) -> SwiftSourceIndex {
        GraphQLLiteralExtractor.extract(from: text, file: file).index
    }
}
