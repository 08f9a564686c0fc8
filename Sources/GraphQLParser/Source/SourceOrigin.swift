/// Where a GraphQL text came from when it is embedded in another file, such as a
/// `graphql("""…""")` literal in a Swift file: for each byte of the GraphQL text, the offset of
/// the byte it was read from. Diagnostics about the GraphQL text then point at the line and
/// column of the containing file, where the user wrote it.
public struct SourceOrigin: Sendable {
    /// The containing file's name, e.g. `Sources/App/TodoList.swift`.
    public let file: String
    /// Byte offset in the containing file of each GraphQL byte, plus one for the end.
    let offsets: [UInt32]
    let lines: LineTable

    /// `offsets` has one entry per byte of the GraphQL text and one for its end; `lines` is the
    /// line table of the containing file.
    public init(file: String, offsets: [UInt32], lines: LineTable) {
        self.file = file
        self.offsets = offsets
        self.lines = lines
    }

    /// The containing file's location of a range of the GraphQL text.
    public func location(of range: SourceRange) -> SourceLocation {
        let mapped = SourceRange(start: map(range.start), end: map(range.end))
        return SourceLocation(file: file, range: mapped, lines: lines)
    }

    /// The offset in the GraphQL text of a byte offset of the containing file (an editor's
    /// cursor): the last GraphQL byte read from at or before it; nil before the text begins or
    /// after it ends.
    public func graphQLOffset(ofContainingOffset offset: Int) -> Int? {
        guard let first = offsets.first, let last = offsets.last, offset >= Int(first), offset <= Int(last) else {
            return nil
        }
        var low = 0
        var high = offsets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(offsets[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private func map(_ offset: UInt32) -> UInt32 {
        guard !offsets.isEmpty else { return 0 }
        return offsets[min(Int(offset), offsets.count - 1)]
    }
}
