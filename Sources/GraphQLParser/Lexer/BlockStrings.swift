/// Block strings (`"""…"""`): the spec's BlockStringValue() algorithm for reading them and
/// graphql-js's `printBlockString` for writing them.
public enum BlockStrings {
    /// The value of a block-string token spanning `range` (quotes included): `\"""` unescaped,
    /// line terminators normalised to `\n`, common indentation and blank first and last lines
    /// removed.
    static func value(in bytes: UnsafeBufferPointer<UInt8>, range: SourceRange) -> String {
        let start = Int(range.start) + 3
        var end = Int(range.end)
        if end - start >= 3, bytes[end - 1] == UInt8(ascii: "\""), bytes[end - 2] == UInt8(ascii: "\""),
            bytes[end - 3] == UInt8(ascii: "\"")
        {
            end -= 3
        }
        guard start < end else { return "" }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !raw.contains(UInt8(ascii: "\\")) && !raw.contains(UInt8(ascii: "\r")) {
            return dedent(raw)
        }
        // Normalise first: unescape \""" and turn \r\n and \r into \n.
        var normalized: [UInt8] = []
        normalized.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let code = raw[index]
            if code == UInt8(ascii: "\\"), index + 3 < raw.count, raw[index + 1] == UInt8(ascii: "\""),
                raw[index + 2] == UInt8(ascii: "\""), raw[index + 3] == UInt8(ascii: "\"")
            {
                normalized.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "\""), UInt8(ascii: "\"")])
                index += 4
            } else if code == UInt8(ascii: "\r") {
                normalized.append(UInt8(ascii: "\n"))
                index += index + 1 < raw.count && raw[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            } else {
                normalized.append(code)
                index += 1
            }
        }
        return normalized.withUnsafeBufferPointer(dedent)
    }

    /// Removes common indentation (ignoring the first line) and leading and trailing blank lines
    /// from text whose lines end in `\n`.
    static func dedent(_ text: UnsafeBufferPointer<UInt8>) -> String {
        var lines: [Range<Int>] = []
        var lineStart = 0
        for index in 0..<text.count where text[index] == UInt8(ascii: "\n") {
            lines.append(lineStart..<index)
            lineStart = index + 1
        }
        lines.append(lineStart..<text.count)

        var commonIndent = Int.max
        var firstNonBlank: Int?
        var lastNonBlank = -1
        for (number, line) in lines.enumerated() {
            var indent = 0
            while indent < line.count, text[line.lowerBound + indent].isBlockWhiteSpace { indent += 1 }
            if indent == line.count { continue }
            if firstNonBlank == nil { firstNonBlank = number }
            lastNonBlank = number
            if number != 0, indent < commonIndent { commonIndent = indent }
        }
        guard let first = firstNonBlank else { return "" }
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        for number in first...lastNonBlank {
            if number > first { output.append(UInt8(ascii: "\n")) }
            let line = lines[number]
            let trimmed = number == 0 ? line.lowerBound : line.lowerBound + min(commonIndent, line.count)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[trimmed..<line.upperBound]))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Prints `value` as a block string the way graphql-js 16's `printBlockString` does.
    public static func print(_ value: String) -> String {
        let escaped = value.replacingAll("\"\"\"", with: "\\\"\"\"")
        let lines = escaped.splitLines()
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine =
            lines.count > 1
            && lines.dropFirst().allSatisfy { $0.isEmpty || $0.utf8.first.map(\.isBlockWhiteSpace) == true }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines =
            !isSingleLine || value.unicodeScalars.count > 70 || forceTrailingNewLine || forceLeadingNewLine
            || hasTrailingTripleQuotes
        var result = ""
        let skipLeadingNewLine = isSingleLine && value.utf8.first.map(\.isBlockWhiteSpace) == true
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine {
            result += "\n"
        }
        result += escaped
        if printAsMultipleLines || forceTrailingNewLine {
            result += "\n"
        }
        return "\"\"\"" + result + "\"\"\""
    }
}

extension UInt8 {
    /// Space or tab: the white space that block-string indentation is made of.
    @inline(__always)
    var isBlockWhiteSpace: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
}

extension String {
    /// Replaces every occurrence of `target` (non-empty) by `replacement`, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        let source = Array(utf8)
        let pattern = Array(target.utf8)
        guard !pattern.isEmpty, source.count >= pattern.count else { return self }
        var output: [UInt8] = []
        output.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            if index + pattern.count <= source.count, source[index..<index + pattern.count].elementsEqual(pattern) {
                output.append(contentsOf: replacement.utf8)
                index += pattern.count
            } else {
                output.append(source[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Splits at `\r\n`, `\n` and `\r`.
    func splitLines() -> [Substring] {
        var lines: [Substring] = []
        var lineStart = startIndex
        var index = startIndex
        while index < endIndex {
            let character = self[index]
            // "\r\n" is a single Character in Swift.
            if character == "\n" || character == "\r" || character == "\r\n" {
                lines.append(self[lineStart..<index])
                index = self.index(after: index)
                lineStart = index
            } else {
                index = self.index(after: index)
            }
        }
        lines.append(self[lineStart..<endIndex])
        return lines
    }
}
