/// How serious a diagnostic is. Only errors make a run fail.
public enum DiagnosticSeverity: String, Sendable, Hashable {
    case error
    case warning
    case note
}

/// Where a diagnostic points: a file and a 1-based start (and end) line and column.
///
/// Columns count Unicode scalars, as swiftc and graphql-core do, so editors place the caret
/// on the right character even on lines with non-ASCII text.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var file: String
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int

    public init(file: String, line: Int, column: Int, endLine: Int? = nil, endColumn: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.endLine = endLine ?? line
        self.endColumn = endColumn ?? column
    }

    /// Resolves a byte range of `file` through its line table.
    public init(file: String, range: SourceRange, lines: LineTable) {
        let start = lines.position(ofByte: Int(range.start))
        let end = lines.position(ofByte: Int(range.end))
        self.init(file: file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A secondary message attached to a diagnostic, e.g. "first defined here".
public struct DiagnosticNote: Hashable, Sendable {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}

/// A problem found in user input. Every stage of the toolchain reports problems as values of
/// this type and collects them, so one run reports all of them at once.
public struct Diagnostic: Hashable, Sendable, Error, CustomStringConvertible {
    public var severity: DiagnosticSeverity
    public var message: String
    public var location: SourceLocation?
    public var notes: [DiagnosticNote]

    public init(
        _ severity: DiagnosticSeverity = .error, _ message: String, at location: SourceLocation?,
        notes: [DiagnosticNote] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = [])
        -> Diagnostic
    {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    /// The one-line swiftc form, `path:line:column: error: message`.
    public var description: String { DiagnosticRenderer.plain.headline(self) }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// Diagnostics ordered by file, line and column; diagnostics without a location last (such
    /// as "Validation aborted", which sums up the ones before it). The sort is stable, so
    /// diagnostics at the same place keep their discovery order.
    public func sortedByLocation() -> [Diagnostic] {
        // Sorts positions, not the diagnostics themselves: moving an index is cheaper.
        indices.sorted { lhs, rhs in
            switch (self[lhs].location, self[rhs].location) {
            case (nil, nil): return lhs < rhs
            case (nil, _): return false
            case (_, nil): return true
            case (let left?, let right?):
                if left < right { return true }
                if right < left { return false }
                return lhs < rhs
            }
        }.map { self[$0] }
    }
}
