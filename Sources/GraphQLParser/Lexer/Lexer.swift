/// A GraphQL lexer over UTF-8 bytes (GraphQL spec, October 2021 edition and later).
///
/// The lexer never allocates per token: a token is a kind and a byte range, and values are
/// decoded only when the parser asks for them. Problems are recorded as issues and lexing goes
/// on, so one pass reports every lexical error: an unexpected character is skipped, a malformed
/// number or string still yields a token (flagged `hasError`).
struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int
    /// Byte offset of the next unread byte.
    var position = 0
    var issues: [SyntaxIssue] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.count = bytes.count
    }

    /// The byte at `index`, or 0 past the end. Callers that must tell NUL from the end check
    /// `index < count` themselves.
    @inline(__always)
    func byte(at index: Int) -> UInt8 {
        index < count ? bytes[index] : 0
    }

    mutating func report(_ message: String, at start: Int, _ end: Int? = nil) {
        issues.append(SyntaxIssue(message: message, range: SourceRange(start, end ?? start)))
    }

    /// Lexes the next token, skipping ignored tokens and unexpected characters.
    mutating func next() -> Token {
        while true {
            skipIgnored()
            guard position < count else {
                return Token(kind: .endOfFile, start: count, end: count)
            }
            let start = position
            let code = bytes[position]
            if let kind = Lexer.punctuator(code) {
                position += 1
                return Token(kind: kind, start: start, end: position)
            }
            if code.isNameStart {
                position = scanName(from: start + 1)
                return Token(kind: .name, start: start, end: position)
            }
            switch code {
            case UInt8(ascii: "."):
                if byte(at: start + 1) == UInt8(ascii: "."), byte(at: start + 2) == UInt8(ascii: ".") {
                    position += 3
                    return Token(kind: .spread, start: start, end: position)
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return readNumber(start: start)
            case UInt8(ascii: "\""):
                if byte(at: start + 1) == UInt8(ascii: "\""), byte(at: start + 2) == UInt8(ascii: "\"") {
                    return readBlockString(start: start)
                }
                return readString(start: start)
            default:
                break
            }
            reportUnexpectedCharacter(at: start)
        }
    }

    @inline(__always)
    static func punctuator(_ code: UInt8) -> TokenKind? {
        switch code {
        case UInt8(ascii: "!"): .bang
        case UInt8(ascii: "$"): .dollar
        case UInt8(ascii: "&"): .ampersand
        case UInt8(ascii: "("): .parenLeft
        case UInt8(ascii: ")"): .parenRight
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: "="): .equals
        case UInt8(ascii: "@"): .at
        case UInt8(ascii: "["): .bracketLeft
        case UInt8(ascii: "]"): .bracketRight
        case UInt8(ascii: "{"): .braceLeft
        case UInt8(ascii: "|"): .pipe
        case UInt8(ascii: "}"): .braceRight
        default: nil
        }
    }

    /// Skips white space, line terminators, commas, comments and byte-order marks.
    @inline(__always)
    mutating func skipIgnored() {
        while position < count {
            switch bytes[position] {
            case UInt8(ascii: " "):
                position += 1
                // Indentation comes in runs: skip eight spaces at a time.
                while position + 8 <= count,
                    UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: position, as: UInt64.self)
                        == 0x2020_2020_2020_2020
                {
                    position += 8
                }
            case UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "#"):
                position += 1
                while position < count {
                    let code = bytes[position]
                    if code == UInt8(ascii: "\n") || code == UInt8(ascii: "\r") { break }
                    position += 1
                }
            case 0xEF where byte(at: position + 1) == 0xBB && byte(at: position + 2) == 0xBF:
                position += 3
            default:
                return
            }
        }
    }

    @inline(__always)
    func scanName(from index: Int) -> Int {
        var index = index
        while index < count, bytes[index].isNameContinue {
            index += 1
        }
        return index
    }

    /// Reports the unexpected character at `start` and skips it together with the unexpected
    /// characters right after it: a run of them (pasted binary, a stray emoji sequence) is one
    /// error at its first character, not one per character.
    private mutating func reportUnexpectedCharacter(at start: Int) {
        var end = start + max(1, scalarLength(at: start))
        if bytes[start] == UInt8(ascii: "'") {
            report(
                "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?",
                at: start, end)
        } else {
            let message = "Syntax Error: Unexpected character: \(describeCodePoint(at: start))."
            while end < count, isUnexpectedCharacter(at: end) {
                end += max(1, scalarLength(at: end))
            }
            report(message, at: start, end)
        }
        position = end
    }

    /// Whether `next()` would report the character at `index` as unexpected (a single quote
    /// excepted: it has its own message).
    private func isUnexpectedCharacter(at index: Int) -> Bool {
        let code = bytes[index]
        switch code {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
            UInt8(ascii: "#"), UInt8(ascii: "'"), UInt8(ascii: "."), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "\""):
            return false
        case 0xEF where byte(at: index + 1) == 0xBB && byte(at: index + 2) == 0xBF:
            return false
        default:
            return Lexer.punctuator(code) == nil && !code.isNameStart
        }
    }

    // MARK: Unicode helpers

    /// Length in bytes of the UTF-8 sequence that starts at `index` (1 past the end).
    func scalarLength(at index: Int) -> Int {
        guard index < count else { return 0 }
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return min(length, count - index)
    }

    /// The Unicode scalar value starting at `index`, or nil at the end.
    func codePoint(at index: Int) -> UInt32? {
        guard index < count else { return nil }
        let length = scalarLength(at: index)
        var value = UInt32(bytes[index])
        switch length {
        case 2: value &= 0x1F
        case 3: value &= 0x0F
        case 4: value &= 0x07
        default: return value
        }
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return value
    }

    /// graphql-js's way to quote a source character in a message: `"x"` for printable ASCII,
    /// `'"'` for a double quote, `U+XXXX` otherwise, `<EOF>` at the end.
    func describeCodePoint(at index: Int) -> String {
        guard let code = codePoint(at: index) else { return "<EOF>" }
        if code >= 0x20, code <= 0x7E {
            return code == 0x22 ? "'\"'" : "\"\(Character(Unicode.Scalar(UInt8(code))))\""
        }
        let hex = String(code, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The source text of `scalars` Unicode scalars from `index` (fewer at the end), for
    /// quoting bad escape sequences in messages.
    func text(from index: Int, scalars: Int) -> String {
        var end = index
        var taken = 0
        while taken < scalars, end < count {
            end += max(1, scalarLength(at: end))
            taken += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
    }
}

extension UInt8 {
    /// `[A-Za-z_]`
    @inline(__always)
    var isNameStart: Bool {
        self >= 64 && self < 128 && (0x07FF_FFFE_87FF_FFFE as UInt64) >> (self &- 64) & 1 == 1
    }

    /// `[A-Za-z0-9_]`
    @inline(__always)
    var isNameContinue: Bool {
        if self < 64 { return (0x03FF_0000_0000_0000 as UInt64) >> self & 1 == 1 }
        return self < 128 && (0x07FF_FFFE_87FF_FFFE as UInt64) >> (self &- 64) & 1 == 1
    }

    @inline(__always)
    var isDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}
