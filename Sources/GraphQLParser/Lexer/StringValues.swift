/// Decoding of string tokens into their values.
enum StringValues {
    /// A decoded `\u` escape: its length in bytes (nil when invalid), how many source scalars an
    /// error message quotes (graphql-js's rule), and the scalar it denotes.
    struct UnicodeEscape {
        var length: Int?
        var quotedLength: Int
        var scalar: UInt32
    }

    /// Reads `\uXXXX`, a `\uXXXX\uXXXX` surrogate pair, or `\u{…}` at `index` (the backslash).
    static func unicodeEscape(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UnicodeEscape {
        func byte(_ offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }
        if byte(2) == UInt8(ascii: "{") {
            // Variable width: up to 8 hex digits, `\u{0}` … `\u{10FFFF}`.
            var point: UInt32 = 0
            var size = 3
            while size < 12 {
                let code = byte(size)
                size += 1
                if code == UInt8(ascii: "}") {
                    if size < 5 || !isScalarValue(point) { break }
                    return UnicodeEscape(length: size, quotedLength: size, scalar: point)
                }
                guard let digit = code.flatMap(hexValue), point < 0x0800_0000 else { break }
                point = point << 4 | digit
            }
            return UnicodeEscape(length: nil, quotedLength: size, scalar: 0)
        }
        let invalid = UnicodeEscape(length: nil, quotedLength: 6, scalar: 0)
        guard let lead = fixedWidthHex(in: bytes, at: index + 2) else { return invalid }
        if isScalarValue(lead) { return UnicodeEscape(length: 6, quotedLength: 6, scalar: lead) }
        // JSON-style surrogate pairs are allowed when they form a valid pair.
        if (0xD800...0xDBFF).contains(lead), byte(6) == UInt8(ascii: "\\"), byte(7) == UInt8(ascii: "u"),
            let trail = fixedWidthHex(in: bytes, at: index + 8), (0xDC00...0xDFFF).contains(trail)
        {
            let scalar = 0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00)
            return UnicodeEscape(length: 12, quotedLength: 6, scalar: scalar)
        }
        return invalid
    }

    private static func fixedWidthHex(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexValue(bytes[index + offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ code: UInt8) -> UInt32? {
        switch code {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(code - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(code - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(code - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func isScalarValue(_ point: UInt32) -> Bool {
        point <= 0xD7FF || (0xE000...0x10FFFF).contains(point)
    }

    /// The value of a `"…"` token spanning `range` (quotes included). Invalid escapes, which the
    /// lexer has already reported, are dropped.
    static func stringValue(in bytes: UnsafeBufferPointer<UInt8>, range: SourceRange) -> String {
        let start = Int(range.start) + 1
        var end = Int(range.end)
        if end > start, bytes[end - 1] == UInt8(ascii: "\"") { end -= 1 }
        guard start < end else { return "" }
        let content = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard content.contains(UInt8(ascii: "\\")) else {
            return String(decoding: content, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var index = start
        while index < end {
            let code = bytes[index]
            guard code == UInt8(ascii: "\\"), index + 1 < end else {
                output.append(code)
                index += 1
                continue
            }
            let simple: UInt8?
            switch bytes[index + 1] {
            case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
            case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "n"): simple = UInt8(ascii: "\n")
            case UInt8(ascii: "r"): simple = UInt8(ascii: "\r")
            case UInt8(ascii: "t"): simple = UInt8(ascii: "\t")
            default: simple = nil
            }
            if let simple {
                output.append(simple)
                index += 2
            } else if bytes[index + 1] == UInt8(ascii: "u"),
                case let escape = unicodeEscape(in: bytes, at: index), let length = escape.length,
                let scalar = Unicode.Scalar(escape.scalar)
            {
                UTF8.encode(scalar) { output.append($0) }
                index += length
            } else {
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
