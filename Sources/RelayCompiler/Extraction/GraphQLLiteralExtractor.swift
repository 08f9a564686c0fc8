import GraphQLParser

/// A `graphql(…)` literal found in a Swift file.
public struct ExtractedLiteral: Sendable {
    /// The GraphQL text (the literal's value, per Swift's rules), named after the Swift file and
    /// mapped back to it, so every later diagnostic points at the Swift line and column.
    public var source: Source
    /// The whole literal in the Swift file (delimiters included).
    public var range: SourceRange
}

/// The literals of one Swift file and the problems found while reading them.
public struct ExtractionResult: Sendable {
    public var literals: [ExtractedLiteral]
    public var diagnostics: [Diagnostic]
    /// The Swift file's tokens, comments and strings (empty for a `.graphql` document).
    public var index = SwiftSourceIndex()

    public init(literals: [ExtractedLiteral], diagnostics: [Diagnostic], index: SwiftSourceIndex = SwiftSourceIndex()) {
        self.literals = literals
        self.diagnostics = diagnostics
        self.index = index
    }
}

/// Finds `graphql(<string literal>)` calls in Swift source: single-line, multi-line (`"""`) and
/// raw (`#"…"#`, `#"""…"""#`) literals. Comments (nested block comments included) and other
/// string literals (with their interpolations) are skipped, so text that only looks like a call
/// is not picked up. An interpolated literal is an error: the compiler must see the whole text.
public enum GraphQLLiteralExtractor {
    public static func extract(from text: String, file: String) -> ExtractionResult {
        var scanner = SwiftScanner(bytes: Array(text.utf8), file: file)
        scanner.scanFile()
        let lines = LineTable(utf8: scanner.bytes)
        let literals = scanner.found.map { found in
            ExtractedLiteral(
                source: Source(
                    String(decoding: found.value, as: UTF8.self), name: file,
                    origin: SourceOrigin(file: file, offsets: found.offsets, lines: lines)),
                range: found.range)
        }
        let problems = scanner.problems
        var diagnostics = problems.prefix(maxErrors).map { problem in
            Diagnostic.error(problem.message, at: SourceLocation(file: file, range: problem.range, lines: lines))
        }
        if problems.count > maxErrors {
            diagnostics.append(
                .error(
                    "Too many errors in this Swift file, error limit reached: \(problems.count - maxErrors) more are not shown.",
                    at: SourceLocation(file: file, range: problems[maxErrors].range, lines: lines)))
        }
        return ExtractionResult(literals: literals, diagnostics: diagnostics, index: scanner.index)
    }

    /// The most errors reported for one Swift file (as for syntax and validation errors): past
    /// the first few, errors in a garbled file only repeat each other.
    public static let maxErrors = 100
}
