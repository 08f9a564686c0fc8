extension Lexer {
    /// A `"…"` string. Escapes are checked here (so errors are reported once, while lexing) and
    /// decoded later by `StringValues` when the parser needs the value.
    mutating func readString(start: Int) -> Token {
        var index = start + 1
        var hasError = false
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                position = index + 1
                return Token(kind: .string, start: start, end: position, hasError: hasError)
            case UInt8(ascii: "\\"):
                if let length = checkEscape(at: index) {
                    index += length
                } else {
                    // Skip only the backslash: a line terminator after it still ends the string.
                    hasError = true
                    index += 1
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return unterminatedString(start: start, at: index, kind: .string)
            default:
                index += 1
            }
        }
        return unterminatedString(start: start, at: count, kind: .string)
    }

    /// A `"""…"""` block string. Only `\"""` is an escape; its value is computed by
    /// `BlockStrings.value` when needed.
    mutating func readBlockString(start: Int) -> Token {
        var index = start + 3
        while index < count {
            let code = bytes[index]
            if code == UInt8(ascii: "\""), byte(at: index + 1) == UInt8(ascii: "\""),
                byte(at: index + 2) == UInt8(ascii: "\"")
            {
                position = index + 3
                return Token(kind: .blockString, start: start, end: position)
            }
            if code == UInt8(ascii: "\\"), byte(at: index + 1) == UInt8(ascii: "\""),
                byte(at: index + 2) == UInt8(ascii: "\""), byte(at: index + 3) == UInt8(ascii: "\"")
            {
                index += 4
            } else {
                index += 1
            }
        }
        return unterminatedString(start: start, at: count, kind: .blockString)
    }

    private mutating func unterminatedString(start: Int, at index: Int, kind: TokenKind) -> Token {
        report("Syntax Error: Unterminated string.", at: index)
        position = index
        return Token(kind: kind, start: start, end: index, hasError: true)
    }

    /// Validates the escape sequence at `index` (a backslash) and returns its length in bytes,
    /// or reports it and returns nil.
    private mutating func checkEscape(at index: Int) -> Int? {
        switch byte(at: index + 1) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return 2
        case UInt8(ascii: "u"):
            let escape = StringValues.unicodeEscape(in: bytes, at: index)
            if let length = escape.length { return length }
            report(
                "Syntax Error: Invalid Unicode escape sequence: \"\(text(from: index, scalars: escape.quotedLength))\".",
                at: index)
            return nil
        default:
            if index + 1 >= count {
                // The string is unterminated; that error is reported by the caller.
                return 1
            }
            report(
                "Syntax Error: Invalid character escape sequence: \"\(text(from: index, scalars: 2))\".",
                at: index)
            return nil
        }
    }
}
