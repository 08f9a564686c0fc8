/// Options that bound the parser's work on pathological input.
public struct ParseOptions: Sendable {
    /// The deepest nesting of selection sets, list and object values, and list types. Deeper input
    /// gets one diagnostic instead of a stack overflow.
    public var maxDepth: Int
    /// The most syntax errors reported for one source; the rest are counted in one last error,
    /// "Too many syntax errors, error limit reached: N more are not shown." at the first of
    /// them. Past the first few, errors in a garbled text only repeat each other (validation
    /// stops at 100 errors too). `nil` reports them all.
    public var maxErrors: Int?
    /// Fragment variables and arguments in the syntax (`fragment F($size: Int = 10) on T`,
    /// `...F(size: 20)`), as Relay parses them with its `enable_fragment_argument_transform`
    /// flag (graphql-js's experimental `allowLegacyFragmentVariables`; the fragment-arguments
    /// proposal). Off: the specification's grammar, where they are syntax errors.
    public var allowsFragmentVariables: Bool
    /// The most selections (fields, spreads and inline fragments) one source may hold; past
    /// them parsing stops with one error, "Document has too many selections". Every later stage
    /// walks every selection, so this bounds what a source costs however it repeats itself.
    /// `nil`: no limit (checking a document alone); the compiler sets one per Swift literal and
    /// GraphQL document (`CompilerConfiguration.maxSelectionsPerSource`).
    public var maxSelections: Int?

    public init(
        maxDepth: Int = 200, maxErrors: Int? = 100, allowsFragmentVariables: Bool = false, maxSelections: Int? = nil
    ) {
        self.maxDepth = maxDepth
        self.maxErrors = maxErrors
        self.allowsFragmentVariables = allowsFragmentVariables
        self.maxSelections = maxSelections
    }
}

/// What a parse produced: the document it could build and every syntax error it found.
public struct ParseResult: Sendable {
    /// The definitions that parsed, including those recovered after errors.
    public var document: Document
    /// Syntax errors in source order; empty when the source is valid.
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.containsErrors }
}

/// A recursive-descent parser for the whole GraphQL language, executable and type-system.
///
/// Use `Parser.parse(_:)`. The grammar functions follow graphql-js's parser one to one (see
/// Parser+Executable, Parser+Values, Parser+TypeSystem), so messages and locations match it;
/// Parser+Recovery lets one parse go on past an error and report the next.
public struct Parser: ~Copyable {
    var lexer: Lexer
    /// The current token, not yet consumed.
    var token: Token
    /// A token read ahead by `lookahead()`, handed out by the next `advance()`.
    var bufferedToken: Token?
    /// End offset of the last consumed token: where the node being built ends.
    var lastEnd: Int = 0
    var issues: [SyntaxIssue] = []
    var depth = 0
    let maxDepth: Int
    let maxErrors: Int?
    let allowsFragmentVariables: Bool
    let maxSelections: Int
    /// Selections parsed so far, against `maxSelections`.
    var selectionCount = 0
    var builder: SyntaxBuilder

    init(bytes: UnsafeBufferPointer<UInt8>, options: ParseOptions) {
        builder = SyntaxBuilder(estimatedBytes: bytes.count)
        lexer = Lexer(bytes)
        maxDepth = options.maxDepth
        maxErrors = options.maxErrors
        allowsFragmentVariables = options.allowsFragmentVariables
        maxSelections = options.maxSelections ?? .max
        token = Token(kind: .endOfFile, start: 0, end: 0)
        token = lexer.next()
    }

    /// Parses `source` and returns the document together with every syntax error found. The
    /// document holds what could be parsed, including definitions recovered after errors.
    public static func parse(_ source: Source, options: ParseOptions = ParseOptions()) -> ParseResult {
        var text = source.text
        return text.withUTF8 { bytes in
            // Offsets are 32-bit; a larger source parses as an empty one.
            let tooLarge = bytes.count >= Int(UInt32.max - 1)
            var parser = Parser(
                bytes: tooLarge ? UnsafeBufferPointer(rebasing: bytes[0..<0]) : bytes, options: options)
            let root = parser.parseDocument()
            var diagnostics = parser.diagnostics(for: source)
            if tooLarge {
                diagnostics = [
                    .error("Source is larger than 4 GiB.", at: SourceLocation(file: source.name, line: 1, column: 1))
                ]
            }
            let tree = parser.builder.finish(source: source)
            return ParseResult(document: Document(tree: tree, id: root), diagnostics: diagnostics)
        }
    }

    /// Lexer and parser issues as diagnostics, in source order: the first `maxErrors`, then one
    /// that counts the rest.
    mutating func diagnostics(for source: Source) -> [Diagnostic] {
        let all = (lexer.issues + issues).sorted { $0.range.start < $1.range.start }
        guard !all.isEmpty else { return [] }
        let lines = source.origin == nil ? LineTable(source.text) : LineTable("")
        let shown = min(all.count, maxErrors.map { max(0, $0) } ?? all.count)
        var diagnostics = all[..<shown].map { issue in
            Diagnostic.error(issue.message, at: source.location(of: issue.range, lines: lines))
        }
        if shown < all.count {
            diagnostics.append(
                .error(
                    "Too many syntax errors, error limit reached: \(all.count - shown) more are not shown.",
                    at: source.location(of: all[shown].range, lines: lines)))
        }
        return diagnostics
    }

    // MARK: Tokens

    var bytes: UnsafeBufferPointer<UInt8> { lexer.bytes }

    @inline(__always)
    mutating func advance() {
        lastEnd = Int(token.end)
        if let buffered = bufferedToken {
            token = buffered
            bufferedToken = nil
        } else {
            token = lexer.next()
        }
    }

    /// The token after the current one, without consuming anything.
    mutating func lookahead() -> Token {
        if let buffered = bufferedToken { return buffered }
        let next = lexer.next()
        bufferedToken = next
        return next
    }

    @inline(__always)
    func peek(_ kind: TokenKind) -> Bool { token.kind == kind }

    /// Consumes a token of `kind` or throws `Expected <kind>, found <token>.`
    @discardableResult
    mutating func expectToken(_ kind: TokenKind) throws(SyntaxError) -> Token {
        let current = token
        guard current.kind == kind else {
            throw error("Expected \(kind.quotedDescription), found \(describe(current)).", at: current)
        }
        advance()
        return current
    }

    /// Consumes a token of `kind` if it is the current one.
    @inline(__always)
    mutating func expectOptionalToken(_ kind: TokenKind) -> Bool {
        guard token.kind == kind else { return false }
        advance()
        return true
    }

    mutating func expectKeyword(_ keyword: StaticString) throws(SyntaxError) {
        guard isKeyword(token, keyword) else {
            throw error("Expected \"\(keyword)\", found \(describe(token)).", at: token)
        }
        advance()
    }

    mutating func expectOptionalKeyword(_ keyword: StaticString) -> Bool {
        guard isKeyword(token, keyword) else { return false }
        advance()
        return true
    }

    /// True when `token` is the name `keyword`.
    func isKeyword(_ token: Token, _ keyword: StaticString) -> Bool {
        guard token.kind == .name, Int(token.end - token.start) == keyword.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        let text = keyword.utf8Start
        for offset in 0..<keyword.utf8CodeUnitCount where bytes[start + offset] != text[offset] {
            return false
        }
        return true
    }

    /// The source text of a token.
    func text(of token: Token) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self)
    }

    /// graphql-js's description of a token in messages: `"{"`, `<EOF>`, `Name "foo"`, `String "x"`.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .name, .int, .float: "\(token.kind) \"\(text(of: token))\""
        case .string: "String \"\(StringValues.stringValue(in: bytes, range: token.range))\""
        case .blockString: "BlockString \"\(BlockStrings.value(in: bytes, range: token.range))\""
        default: token.kind.quotedDescription
        }
    }

    // MARK: Errors

    func error(_ message: String, at token: Token) -> SyntaxError {
        SyntaxError(
            issue: SyntaxIssue(message: "Syntax Error: " + message, range: token.range),
            alreadyReported: token.hasError)
    }

    /// `Unexpected <token>.`
    func unexpected(_ token: Token) -> SyntaxError {
        error("Unexpected \(describe(token)).", at: token)
    }

    /// Records an error unless the lexer already reported its token or another error was
    /// reported at the same place (as happens when recovery reaches the end of input, or an
    /// unterminated string runs into it).
    mutating func record(_ error: SyntaxError) {
        guard !error.alreadyReported, let issue = error.issue else { return }
        if let last = issues.last, last.range.start == issue.range.start { return }
        if let last = lexer.issues.last, last.range.start == issue.range.start { return }
        issues.append(issue)
    }

    /// Guards one level of nesting; call `depth -= 1` when leaving it.
    mutating func enterNesting() throws(SyntaxError) {
        depth += 1
        if depth > maxDepth {
            throw SyntaxError(
                issue: SyntaxIssue(
                    message: "Syntax Error: Document is nested too deeply (more than \(maxDepth) levels).",
                    range: token.range),
                isFatal: true)
        }
    }

    /// Counts one more selection; past `maxSelections`, parsing stops.
    mutating func countSelection() throws(SyntaxError) {
        selectionCount += 1
        if selectionCount > maxSelections {
            throw SyntaxError(
                issue: SyntaxIssue(
                    message: "Syntax Error: Document has too many selections (more than \(maxSelections)); "
                        + "split it into several documents.",
                    range: token.range),
                isFatal: true)
        }
    }

    // MARK: Names

    /// A Name node.
    mutating func parseName() throws(SyntaxError) -> UInt32 {
        let current = try expectToken(.name)
        return makeName(current)
    }

    /// A Name node for a name token.
    @inline(__always)
    mutating func makeName(_ token: Token) -> UInt32 {
        let index = builder.names.intern(bytes, Int(token.start), Int(token.end))
        return builder.add(.name, token.range, a: index)
    }

    /// Adds a node spanning from `start` to the last consumed token.
    @inline(__always)
    mutating func node(
        _ kind: NodeKind, from start: Token, flag: UInt8 = 0, a: UInt32 = noNode, b: UInt32 = noNode,
        c: UInt32 = noNode, d: UInt32 = noNode, e: UInt32 = noNode
    ) -> UInt32 {
        builder.add(kind, range(from: start), flag: flag, a: a, b: b, c: c, d: d, e: e)
    }

    @inline(__always)
    func range(from start: Token) -> SourceRange {
        SourceRange(start: start.start, end: UInt32(truncatingIfNeeded: max(lastEnd, Int(start.start))))
    }
}

/// A syntax error on its way up to the recovery point that records it.
struct SyntaxError: Error {
    /// The problem; nil when it has already been recorded.
    var issue: SyntaxIssue?
    /// The lexer already reported the offending token.
    var alreadyReported = false
    /// Stops the parse (the nesting limit), so recovery does not cascade through every level.
    var isFatal = false
}
