extension Lexer {
    /// IntValue and FloatValue: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, which
    /// must not be followed by a `.` or a name character.
    ///
    /// On a malformed number the error is reported where graphql-js reports it, and the rest of
    /// the number-like run (`[A-Za-z0-9_.]`) is consumed into the token so the parser sees one
    /// bad value rather than a cascade of tokens.
    mutating func readNumber(start: Int) -> Token {
        var index = start
        var isFloat = false
        if bytes[index] == UInt8(ascii: "-") { index += 1 }

        if byte(at: index) == UInt8(ascii: "0") {
            index += 1
            if index < count, bytes[index].isDigit {
                report(
                    "Syntax Error: Invalid number, unexpected digit after 0: \(describeCodePoint(at: index)).",
                    at: index)
                return malformedNumber(start: start, from: index, isFloat: isFloat)
            }
        } else {
            guard let end = readDigits(from: index) else {
                return malformedNumber(start: start, from: index, isFloat: isFloat)
            }
            index = end
        }
        if byte(at: index) == UInt8(ascii: ".") {
            isFloat = true
            guard let end = readDigits(from: index + 1) else {
                return malformedNumber(start: start, from: index + 1, isFloat: isFloat)
            }
            index = end
        }
        if byte(at: index) | 0x20 == UInt8(ascii: "e") {
            isFloat = true
            index += 1
            if byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") { index += 1 }
            guard let end = readDigits(from: index) else {
                return malformedNumber(start: start, from: index, isFloat: isFloat)
            }
            index = end
        }
        if index < count, bytes[index] == UInt8(ascii: ".") || bytes[index].isNameStart {
            reportExpectedDigit(at: index)
            return malformedNumber(start: start, from: index, isFloat: isFloat)
        }
        position = index
        return Token(kind: isFloat ? .float : .int, start: start, end: index)
    }

    /// Reads one or more digits; reports and returns nil when there is none.
    private mutating func readDigits(from index: Int) -> Int? {
        guard index < count, bytes[index].isDigit else {
            reportExpectedDigit(at: index)
            return nil
        }
        var index = index + 1
        while index < count, bytes[index].isDigit { index += 1 }
        return index
    }

    private mutating func reportExpectedDigit(at index: Int) {
        report("Syntax Error: Invalid number, expected digit but got: \(describeCodePoint(at: index)).", at: index)
    }

    private mutating func malformedNumber(start: Int, from index: Int, isFloat: Bool) -> Token {
        var end = index
        while end < count, bytes[end].isNameContinue || bytes[end] == UInt8(ascii: ".") { end += 1 }
        // A lone `-` followed by nothing number-like still covers the `-`.
        position = max(end, start + 1)
        return Token(kind: isFloat ? .float : .int, start: start, end: position, hasError: true)
    }
}
