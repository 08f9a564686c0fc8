/// A GraphQL text together with the name diagnostics use for it (usually a file path).
///
/// The lexer and parser read the text's UTF-8 bytes directly, so a `Source` is cheap to make
/// and to parse; line and column numbers are computed only when a diagnostic needs them.
public struct Source: Sendable {
    /// The name shown in diagnostics, e.g. `Sources/App/TodoList.graphql`.
    public var name: String
    /// The GraphQL text. A Swift `String` is always valid UTF-8, so the lexer never sees
    /// ill-formed byte sequences.
    public var text: String
    /// Set when the text is embedded in another file: diagnostics then point into that file.
    public var origin: SourceOrigin?

    public init(_ text: String, name: String = "<input>", origin: SourceOrigin? = nil) {
        self.text = text
        self.name = name
        self.origin = origin
    }

    /// Where a range of the text is, in the file the user wrote it in.
    func location(of range: SourceRange, lines: @autoclosure () -> LineTable) -> SourceLocation {
        if let origin { return origin.location(of: range) }
        return SourceLocation(file: name, range: range, lines: lines())
    }

    /// Runs `body` over the text's UTF-8 bytes without copying them.
    @inlinable
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        var text = self.text
        return try text.withUTF8(body)
    }
}

/// A half-open range of UTF-8 byte offsets into a `Source`.
///
/// Offsets are 32-bit to keep AST nodes small; sources larger than 4 GiB are rejected by the parser.
public struct SourceRange: Hashable, Sendable, Comparable {
    public var start: UInt32
    public var end: UInt32

    @inlinable
    public init(start: UInt32, end: UInt32) {
        self.start = start
        self.end = end
    }

    @inlinable
    public init(_ start: Int, _ end: Int) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
    }

    public var length: Int { Int(end) - Int(start) }

    public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }
}
