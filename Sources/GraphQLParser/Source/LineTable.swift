/// Maps byte offsets of a text to 1-based line and column numbers.
///
/// Built once per text, only when a location is needed (the hot lexing path never computes
/// lines). Lines end at `\r\n`, `\n` or `\r`, as in the GraphQL specification.
///
/// A position costs a binary search plus at most one block's scan, however long the line:
/// a 1 MB one-line file with an error at every character still resolves in linear time. A
/// block of plain ASCII needs no scan at all: its columns are its byte offsets.
public struct LineTable: Sendable {
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    private let bytes: [UInt8]
    /// Scalars and UTF-16 units before each multiple of `blockSize` bytes, and before the end.
    private let blockCounts: [BlockCounts]
    private static let blockSize = 64
    /// Longest line `codeFrameText` returns: a longer one would be repeated whole under every
    /// diagnostic on it.
    public static let maximumCodeFrameLength = 500

    public init(_ text: String) {
        self.init(utf8: Array(text.utf8))
    }

    public init(utf8 bytes: [UInt8]) {
        self.bytes = bytes
        let count = bytes.count
        var starts = [0]
        var blocks: [BlockCounts] = []
        blocks.reserveCapacity(count / Self.blockSize + 2)
        bytes.withUnsafeBytes { raw in
            // Eight bytes at a time where they hold no line break: a text is mostly such words.
            var index = 0
            while index < count {
                if index + 8 <= count,
                    !Self.containsLineBreak(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                {
                    index += 8
                    continue
                }
                let byte = raw[index]
                if byte == UInt8(ascii: "\n") {
                    starts.append(index + 1)
                } else if byte == UInt8(ascii: "\r") {
                    if index + 1 < count, raw[index + 1] == UInt8(ascii: "\n") {
                        index += 1
                    }
                    starts.append(index + 1)
                }
                index += 1
            }
            var running = ColumnCounts()
            for blockStart in stride(from: 0, to: count, by: Self.blockSize) {
                blocks.append(BlockCounts(running))
                let blockEnd = min(count, blockStart + Self.blockSize)
                if blockEnd - blockStart == Self.blockSize, Self.allASCII(raw, blockAt: blockStart) {
                    running.scalars += Self.blockSize
                    running.utf16 += Self.blockSize
                } else {
                    for index in blockStart..<blockEnd { running.count(raw[index]) }
                }
            }
            blocks.append(BlockCounts(running))
        }
        lineStarts = starts
        blockCounts = blocks
    }

    /// Whether one of a word's bytes is `\n` or `\r` (a zero byte after XOR, found without a
    /// branch per byte).
    private static func containsLineBreak(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highBits != 0 }
        return hasZeroByte(word ^ (ones &* 0x0A)) || hasZeroByte(word ^ (ones &* 0x0D))
    }

    /// Whether the full block of `blockSize` bytes at `start` is all ASCII.
    private static func allASCII(_ raw: UnsafeRawBufferPointer, blockAt start: Int) -> Bool {
        var highBits: UInt64 = 0
        for word in 0..<(blockSize / 8) {
            highBits |= raw.loadUnaligned(fromByteOffset: start + word * 8, as: UInt64.self)
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }

    /// Scalars and UTF-16 units in the bytes before `offset` (0...bytes.count).
    private func counts(before offset: Int) -> ColumnCounts {
        let block = offset / Self.blockSize
        let blockStart = block * Self.blockSize
        let initial = ColumnCounts(blockCounts[block])
        // An all-ASCII block (one scalar a byte up to its end) counts one per byte.
        if offset == blockStart || isASCII(block: block) {
            return ColumnCounts(
                scalars: initial.scalars + offset - blockStart, utf16: initial.utf16 + offset - blockStart)
        }
        return counts(from: blockStart, to: offset, adding: initial)
    }

    /// Whether every byte of a block is ASCII. (The end's entry follows the last block.)
    private func isASCII(block: Int) -> Bool {
        let blockEnd = min(bytes.count, (block + 1) * Self.blockSize)
        let next = block + 1 < blockCounts.count ? blockCounts[block + 1] : blockCounts[block]
        return Int(next.scalars &- blockCounts[block].scalars) == blockEnd - block * Self.blockSize
    }

    /// `initial` plus the scalars and UTF-16 units of `bytes[start..<end]`.
    private func counts(from start: Int, to end: Int, adding initial: ColumnCounts) -> ColumnCounts {
        var counts = initial
        var index = start
        while index < end {
            counts.count(bytes[index])
            index += 1
        }
        return counts
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
        let atLineStart = counts(before: lineStart)
        let atOffset = counts(before: offset)
        let column = ColumnCounts(
            scalars: atOffset.scalars - atLineStart.scalars, utf16: atOffset.utf16 - atLineStart.utf16)
        return TextPosition(
            offset: offset, line: low + 1, column: column.scalars + 1, utf8Column: offset - lineStart + 1,
            utf16Column: column.utf16 + 1)
    }

    /// The text of a line for a diagnostic's code frame; `nil` past the end or when the line is
    /// longer than `maximumCodeFrameLength` bytes (minified or generated text).
    public func codeFrameText(_ line: Int) -> String? {
        guard let bounds = bounds(ofLine: line), bounds.count <= Self.maximumCodeFrameLength else { return nil }
        return String(decoding: bytes[bounds], as: UTF8.self)
    }

    /// The text of a 1-based line, without its terminator; `nil` past the end.
    public func lineText(_ line: Int) -> String? {
        bounds(ofLine: line).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The bytes of a 1-based line, without its terminator.
    private func bounds(ofLine line: Int) -> Range<Int>? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return start..<end
    }
}

/// Unicode scalars and UTF-16 code units in a run of UTF-8 bytes.
private struct ColumnCounts: Sendable {
    var scalars = 0
    var utf16 = 0

    init(scalars: Int = 0, utf16: Int = 0) {
        self.scalars = scalars
        self.utf16 = utf16
    }

    init(_ block: BlockCounts) {
        self.init(scalars: Int(block.scalars), utf16: Int(block.utf16))
    }

    mutating func count(_ byte: UInt8) {
        guard byte & 0xC0 != 0x80 else { return }  // a continuation byte
        scalars += 1
        utf16 += byte >= 0xF0 ? 2 : 1
    }
}

/// `ColumnCounts` stored per block in half the space. (Offsets are 32-bit throughout; the
/// parser rejects larger texts, and counts wrap rather than trap on them.)
private struct BlockCounts: Sendable {
    var scalars: UInt32
    var utf16: UInt32

    init(_ counts: ColumnCounts) {
        scalars = UInt32(truncatingIfNeeded: counts.scalars)
        utf16 = UInt32(truncatingIfNeeded: counts.utf16)
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
