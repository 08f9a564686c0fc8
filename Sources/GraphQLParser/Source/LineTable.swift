/// Maps byte offsets of a text to 1-based line and column numbers.
///
/// Built once per text, only when a location is needed (the hot lexing path never computes
/// lines). Lines end at `\r\n`, `\n` or `\r`, as in the GraphQL specification.
public struct LineTable: Sendable {
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    private let bytes: [UInt8]

    public init(_ text: String) {
        self.init(utf8: Array(text.utf8))
    }

    public init(utf8 bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                starts.append(index + 1)
            } else if byte == UInt8(ascii: "\r") {
                if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    /// The line and columns of a byte offset (clamped to the text).
    public func position(ofByte offset: Int) -> TextPosition {
        let offset = max(0, min(offset, bytes.count))
        // Binary search for the last line start <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let lineStart = lineStarts[low]
        var scalars = 0
        var utf16 = 0
        var index = lineStart
        while index < offset {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                scalars += 1
                utf16 += byte >= 0xF0 ? 2 : 1
            }
            index += 1
        }
        return TextPosition(
            offset: offset, line: low + 1, column: scalars + 1,
            utf8Column: offset - lineStart + 1, utf16Column: utf16 + 1)
    }

    /// The text of a 1-based line, without its terminator; `nil` past the end.
    public func lineText(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// A resolved position in a text: byte offset, line, and the column counted three ways.
public struct TextPosition: Hashable, Sendable {
    /// UTF-8 byte offset from the start of the text.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column in Unicode scalars (what graphql-core and most editors report).
    public var column: Int
    /// 1-based column in UTF-8 bytes.
    public var utf8Column: Int
    /// 1-based column in UTF-16 code units (what graphql-js and LSP report).
    public var utf16Column: Int

    public init(offset: Int, line: Int, column: Int, utf8Column: Int, utf16Column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
        self.utf8Column = utf8Column
        self.utf16Column = utf16Column
    }
}
