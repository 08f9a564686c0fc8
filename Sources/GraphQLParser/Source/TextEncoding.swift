import Foundation

/// What every file relay-swift reads must be: UTF-8 (a leading byte order mark is allowed and
/// skipped, as swiftc and GraphQL do). A file in another encoding is an error saying so at the
/// first byte that is not UTF-8, rather than a string of misleading syntax errors.
public enum TextEncoding {
    /// The UTF-8 byte order mark.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The file's text, its UTF-8 byte order mark dropped, and the error when it is not UTF-8:
    /// then the text is empty for UTF-16 and UTF-32 (nothing in it would read), and has U+FFFD
    /// for each byte that is not UTF-8 otherwise.
    public static func decode(_ data: Data, file: String) -> (text: String, problem: Diagnostic?) {
        let bytes = data.starts(with: byteOrderMark) ? data.dropFirst(byteOrderMark.count) : data[...]
        if let problem = problem(in: bytes, file: file) {
            let readable = !problem.message.contains("UTF-16") && !problem.message.contains("UTF-32")
            return (readable ? String(decoding: bytes, as: UTF8.self) : "", problem)
        }
        return (String(decoding: bytes, as: UTF8.self), nil)
    }

    /// Why `bytes` (after any UTF-8 byte order mark) are not UTF-8, at the place they stop
    /// being; nil when they are.
    public static func problem(in bytes: some Collection<UInt8>, file: String) -> Diagnostic? {
        let advice = "relay-swift reads UTF-8 files: save it as UTF-8"
        let head = Array(bytes.prefix(4))
        if head.starts(with: [0xFF, 0xFE, 0, 0]) || head.starts(with: [0, 0, 0xFE, 0xFF]) {
            return .error("the file is UTF-32 (it starts with a UTF-32 byte order mark); \(advice)", at: start(file))
        }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return .error("the file is UTF-16 (it starts with a UTF-16 byte order mark); \(advice)", at: start(file))
        }
        if head.count >= 2, head[0] == 0 || head[1] == 0 {
            return .error(
                "the file looks like UTF-16 without a byte order mark (it has NUL bytes); \(advice)", at: start(file))
        }
        guard let (offset, byte) = firstInvalidByte(bytes) else { return nil }
        let before = Array(bytes.prefix(offset))
        let line = before.count { $0 == 0x0A } + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: before[lineStart...], as: UTF8.self).unicodeScalars.count + 1
        return .error(
            "the file is not UTF-8: byte 0x\(String(byte, radix: 16, uppercase: true)) here does not begin a UTF-8 "
                + "character (Latin-1 or Windows-1252 text?); \(advice)",
            at: SourceLocation(file: file, line: line, column: column))
    }

    private static func start(_ file: String) -> SourceLocation {
        SourceLocation(file: file, line: 1, column: 1)
    }

    /// The offset and value of the byte starting the first sequence that breaks UTF-8 (RFC
    /// 3629: no overlong forms, no surrogates, nothing past U+10FFFF), or nil.
    static func firstInvalidByte(_ bytes: some Collection<UInt8>) -> (offset: Int, byte: UInt8)? {
        // Most files are ASCII or valid: one pass that only decodes.
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        let bytes = Array(bytes)
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, lower) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, upper) = (3, 0x9F)
            case 0xF0: (length, lower) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, upper) = (4, 0x8F)
            default: return (index, lead)
            }
            for offset in 1..<length {
                guard index + offset < bytes.count else { return (index, lead) }
                let next = bytes[index + offset]
                let (low, high) = offset == 1 ? (lower, upper) : (0x80, 0xBF)
                guard (low...high).contains(next) else { return (index, lead) }
            }
            index += length
        }
        return nil
    }
}
