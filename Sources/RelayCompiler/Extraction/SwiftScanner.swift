import GraphQLParser

/// A byte scanner that knows just enough Swift to find string literals and comments: line and
/// nested block comments, single-line, multi-line and raw strings, and interpolations (which may
/// hold more strings). Inside `graphql(…)` it decodes the literal's value, keeping for every value
/// byte the offset it came from. On the way it makes the file's `SwiftSourceIndex`.
struct SwiftScanner {
    let bytes: [UInt8]
    let file: String
    var position = 0
    var found: [(value: [UInt8], offsets: [UInt32], range: SourceRange)] = []
    var problems: [(message: String, range: SourceRange)] = []
    var index = SwiftSourceIndex()
    /// The last identifier seen, to tell `func graphql(` (a declaration) from a call.
    private var previousWord: ArraySlice<UInt8> = []

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private func byte(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    private mutating func report(_ message: String, _ start: Int, _ end: Int) {
        problems.append((message, SourceRange(start, max(start, end))))
    }

    // MARK: Code

    mutating func scanFile() {
        _ = scanCode(untilClosingParenthesis: false)
    }

    /// Scans code; inside an interpolation, stops after the `)` that closes it. Returns false at
    /// the end of the file.
    private mutating func scanCode(untilClosingParenthesis: Bool) -> Bool {
        var depth = 0
        while position < bytes.count {
            let code = bytes[position]
            switch code {
            case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "/"):
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                let isDocumentation = byte(start + 2) == UInt8(ascii: "/") && byte(start + 3) != UInt8(ascii: "/")
                recordComment(start, isDocumentation: isDocumentation)
            case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "*"):
                let start = position
                skipBlockComment()
                let isDocumentation = byte(start + 2) == UInt8(ascii: "*") && byte(start + 3) != UInt8(ascii: "/")
                recordComment(start, isDocumentation: isDocumentation)
            case UInt8(ascii: "\""),
                UInt8(ascii: "#") where startsString(at: position):
                let token = beginStringToken()
                _ = readString(decode: false)
                endStringToken(token)
            case UInt8(ascii: "("):
                depth += 1
                recordPunctuation()
                position += 1
            case UInt8(ascii: ")"):
                // The `)` closing an interpolation is the string's, as its `\(` is.
                if untilClosingParenthesis, depth == 0 {
                    position += 1
                    return true
                }
                recordPunctuation()
                position += 1
                if untilClosingParenthesis { depth -= 1 }
            case UInt8(ascii: "`"):
                // A backquoted identifier such as `graphql` is not a call of ours.
                position += 1
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "`"),
                    bytes[position] != UInt8(ascii: "\n")
                {
                    position += 1
                }
                if position > start { record(.identifier, start, position) }
                position += 1
            default:
                if code.isIdentifierByte {
                    scanWord()
                } else {
                    if !code.isSwiftWhiteSpace { recordPunctuation() }
                    position += 1
                }
            }
        }
        return false
    }

    // MARK: The index

    private mutating func record(_ kind: SwiftSourceIndex.Token.Kind, _ start: Int, _ end: Int) {
        index.tokens.append(
            SwiftSourceIndex.Token(
                kind: kind, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end)))
    }

    private mutating func recordPunctuation() { record(.punctuation, position, position + 1) }

    private mutating func recordComment(_ start: Int, isDocumentation: Bool) {
        index.comments.append(
            SwiftSourceIndex.Comment(range: SourceRange(start, position), isDocumentation: isDocumentation))
    }

    /// A string literal's token, placed before the tokens of its interpolations; its end is
    /// set once it is read.
    private mutating func beginStringToken() -> Int {
        record(.string, position, position)
        return index.tokens.count - 1
    }

    private mutating func endStringToken(_ token: Int) {
        index.tokens[token].end = UInt32(truncatingIfNeeded: min(position, bytes.count))
    }

    private func startsString(at index: Int) -> Bool {
        var index = index
        while byte(index) == UInt8(ascii: "#") { index += 1 }
        return byte(index) == UInt8(ascii: "\"")
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "/"), byte(position + 1) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if bytes[position] == UInt8(ascii: "*"), byte(position + 1) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { return }
            } else {
                position += 1
            }
        }
    }

    private mutating func scanWord() {
        let start = position
        while position < bytes.count, bytes[position].isIdentifierByte { position += 1 }
        let word = bytes[start..<position]
        record(.identifier, start, position)
        defer { previousWord = word }
        guard word.elementsEqual("graphql".utf8), !previousWord.elementsEqual("func".utf8) else { return }
        // `graphql` `(` literal `)`, with white space allowed between.
        var index = position
        while byte(index).isSwiftWhiteSpace { index += 1 }
        guard byte(index) == UInt8(ascii: "(") else { return }
        let open = index
        index += 1
        while byte(index).isSwiftWhiteSpace { index += 1 }
        guard startsString(at: index) else {
            report(
                "graphql(…) takes a string literal, so that the compiler can read the GraphQL text.", start, position)
            return
        }
        record(.punctuation, open, open + 1)
        position = index
        let literalStart = index
        let token = beginStringToken()
        let read = readString(decode: true)
        endStringToken(token)
        guard let literal = read else { return }
        var after = position
        while byte(after).isSwiftWhiteSpace { after += 1 }
        if byte(after) == UInt8(ascii: ")") {
            record(.punctuation, after, after + 1)
            position = after + 1
        } else {
            report("graphql(…) takes exactly one string literal.", after, after + 1)
        }
        found.append((literal.value, literal.offsets, SourceRange(literalStart, position)))
        self.index.graphQLLiterals.append(SourceRange(literalStart, position))
    }

    // MARK: Strings

    /// Reads a string literal at `position`. With `decode`, returns its value with the offset of
    /// every value byte; nil if the literal was malformed (already reported).
    private mutating func readString(decode: Bool) -> (value: [UInt8], offsets: [UInt32])? {
        let start = position
        var hashes = 0
        while byte(position) == UInt8(ascii: "#") {
            hashes += 1
            position += 1
        }
        let isMultiline =
            byte(position) == UInt8(ascii: "\"") && byte(position + 1) == UInt8(ascii: "\"")
            && byte(position + 2) == UInt8(ascii: "\"")
        position += isMultiline ? 3 : 1
        return isMultiline
            ? readMultilineString(start: start, hashes: hashes, decode: decode)
            : readSingleLineString(start: start, hashes: hashes, decode: decode)
    }

    /// True when `"` (or `"""`) at `index` is followed by the raw delimiter's `#`s.
    private func closes(at index: Int, quotes: Int, hashes: Int) -> Bool {
        for offset in 0..<quotes where byte(index + offset) != UInt8(ascii: "\"") { return false }
        for offset in 0..<hashes where byte(index + quotes + offset) != UInt8(ascii: "#") { return false }
        return true
    }

    /// True when a backslash at `index` starts an escape: followed by the raw delimiter's `#`s.
    private func escapeLength(at index: Int, hashes: Int) -> Int? {
        guard byte(index) == UInt8(ascii: "\\") else { return nil }
        for offset in 0..<hashes where byte(index + 1 + offset) != UInt8(ascii: "#") { return nil }
        return 1 + hashes
    }

    private mutating func readSingleLineString(start: Int, hashes: Int, decode: Bool) -> (
        value: [UInt8], offsets: [UInt32]
    )? {
        var value: [UInt8] = []
        var offsets: [UInt32] = []
        var valid = true
        while position < bytes.count {
            let code = bytes[position]
            if code == UInt8(ascii: "\n") || code == UInt8(ascii: "\r") { break }
            if code == UInt8(ascii: "\""), closes(at: position, quotes: 1, hashes: hashes) {
                position += 1 + hashes
                guard valid else { return nil }
                offsets.append(UInt32(position - 1 - hashes))
                return (value, offsets)
            }
            valid = readContentByte(hashes: hashes, decode: decode, into: &value, &offsets) && valid
        }
        report("Unterminated string literal.", start, position)
        return nil
    }

    private mutating func readMultilineString(start: Int, hashes: Int, decode: Bool) -> (
        value: [UInt8], offsets: [UInt32]
    )? {
        // The content starts on the line after the opening delimiter.
        while byte(position) == UInt8(ascii: " ") || byte(position) == UInt8(ascii: "\t") { position += 1 }
        guard byte(position) == UInt8(ascii: "\n") || byte(position) == UInt8(ascii: "\r") else {
            report("A multi-line string literal's content must start on a new line.", start, position)
            return skipToClosing(quotes: 3, hashes: hashes)
        }
        position = skipLineBreak(position)
        // Read raw lines (with escapes decoded) up to the closing delimiter's line, all into one
        // buffer; `lines` records where each line's content is in it.
        var lines: [RawLine] = []
        var value: [UInt8] = []
        var offsets: [UInt32] = []
        var lineStart = position
        var contentStart = 0
        var valid = true
        let ordinary = Self.ordinaryInMultilineString
        while position < bytes.count {
            // Bytes that close, escape and break nothing are copied a run at a time.
            var runEnd = position
            while runEnd < bytes.count, ordinary[Int(bytes[runEnd])] { runEnd += 1 }
            if runEnd > position {
                if decode {
                    value.append(contentsOf: bytes[position..<runEnd])
                    offsets.append(
                        contentsOf: UInt32(truncatingIfNeeded: position)..<UInt32(truncatingIfNeeded: runEnd))
                }
                position = runEnd
                continue
            }
            let code = bytes[position]
            if code == UInt8(ascii: "\""), closes(at: position, quotes: 3, hashes: hashes) {
                let beforeClosing = bytes[lineStart..<position]
                guard beforeClosing.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
                    report(
                        "A multi-line string literal's closing delimiter must begin on a new line.", position,
                        position + 3)
                    position += 3 + hashes
                    return nil
                }
                let closingEnd = position
                position += 3 + hashes
                guard valid, decode else { return valid ? ([], []) : nil }
                return stripIndentation(
                    lines, of: value, offsets: offsets, indentation: Array(beforeClosing), end: closingEnd)
            }
            // A line ends at its line break, or at a `\` before it: a continuation, which joins
            // the next line (its indentation stripped too) without a line break.
            let continuation = escapeLength(at: position, hashes: hashes).map { position + $0 }
            let lineBreak = continuation ?? position
            if byte(lineBreak) == UInt8(ascii: "\n") || byte(lineBreak) == UInt8(ascii: "\r") {
                lines.append(
                    RawLine(
                        content: contentStart..<value.count, lineBreak: UInt32(lineBreak), start: lineStart,
                        joinsNext: continuation != nil))
                contentStart = value.count
                position = skipLineBreak(lineBreak)
                lineStart = position
                continue
            }
            valid = readContentByte(hashes: hashes, decode: decode, into: &value, &offsets) && valid
        }
        report("Unterminated multi-line string literal.", start, position)
        return nil
    }

    /// Every byte but `"`, `\`, `\n` and `\r`: the ones a multi-line string's reader needs to
    /// look at (a table, so a run costs one load a byte).
    private static let ordinaryInMultilineString: [Bool] = (0...255).map { byte in
        ![UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(UInt8(byte))
    }

    private func skipLineBreak(_ index: Int) -> Int {
        if byte(index) == UInt8(ascii: "\r"), byte(index + 1) == UInt8(ascii: "\n") { return index + 2 }
        return index + 1
    }

    private mutating func skipToClosing(quotes: Int, hashes: Int) -> (value: [UInt8], offsets: [UInt32])? {
        while position < bytes.count, !closes(at: position, quotes: quotes, hashes: hashes) { position += 1 }
        position = min(bytes.count, position + quotes + hashes)
        return nil
    }

    /// One line of a multi-line string as read: its content's range in the read buffer, the
    /// offset of the line break after it, where the line starts in the file, and whether it
    /// ended with a line continuation.
    private struct RawLine {
        var content: Range<Int>
        var lineBreak: UInt32
        var start: Int
        var joinsNext: Bool
    }

    /// Removes the closing delimiter's indentation from every line and joins the lines with
    /// `\n`, as Swift does; a line that ends with a continuation (`\` before its line break) is
    /// joined to the next without one.
    private mutating func stripIndentation(
        _ lines: [RawLine], of read: [UInt8], offsets readOffsets: [UInt32], indentation: [UInt8], end: Int
    ) -> (value: [UInt8], offsets: [UInt32]) {
        var value: [UInt8] = []
        var offsets: [UInt32] = []
        value.reserveCapacity(read.count + lines.count)
        offsets.reserveCapacity(read.count + lines.count + 1)
        for (number, line) in lines.enumerated() {
            var content = line.content
            if read[content].starts(with: indentation) {
                content = content.dropFirst(indentation.count)
            } else if read[content].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                content = content.upperBound..<content.upperBound
            } else {
                report(
                    "Insufficient indentation of a line in a multi-line string literal.", line.start, line.start + 1)
            }
            value += read[content]
            offsets += readOffsets[content]
            // The line break after every line but the last (the last precedes the delimiter)
            // and those continued on the next.
            if number < lines.count - 1, !line.joinsNext {
                value.append(UInt8(ascii: "\n"))
                offsets.append(line.lineBreak)
            }
        }
        offsets.append(UInt32(end))
        return (value, offsets)
    }

    /// Reads one byte of literal content, or one escape sequence, at `position`. Returns false
    /// when the literal cannot be used.
    private mutating func readContentByte(
        hashes: Int, decode: Bool, into value: inout [UInt8], _ offsets: inout [UInt32]
    ) -> Bool {
        if let escape = escapeLength(at: position, hashes: hashes) {
            return readEscape(from: position, length: escape, decode: decode, into: &value, &offsets)
        }
        if decode {
            value.append(bytes[position])
            offsets.append(UInt32(position))
        }
        position += 1
        return true
    }

    /// Decodes one escape (`\n`, `\"`, `\u{…}`, …); reports interpolations and unknown escapes.
    /// Returns false when the literal cannot be used.
    private mutating func readEscape(
        from start: Int, length: Int, decode: Bool, into value: inout [UInt8], _ offsets: inout [UInt32]
    ) -> Bool {
        position = start + length
        let code = byte(position)
        func emit(_ bytesOut: [UInt8]) {
            guard decode else { return }
            value += bytesOut
            offsets += Array(repeating: UInt32(start), count: bytesOut.count)
        }
        switch code {
        case UInt8(ascii: "n"): emit([UInt8(ascii: "\n")])
        case UInt8(ascii: "t"): emit([UInt8(ascii: "\t")])
        case UInt8(ascii: "r"): emit([UInt8(ascii: "\r")])
        case UInt8(ascii: "0"): emit([0])
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): emit([code])
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            // Only a single-line string gets here (a multi-line one ends the line first, as a
            // continuation): the line break is left to end it, unterminated.
            return true
        case UInt8(ascii: "u") where byte(position + 1) == UInt8(ascii: "{"):
            var index = position + 2
            var scalar: UInt32 = 0
            var digits = 0
            while let digit = byte(index).hexValue, digits < 8 {
                scalar = scalar << 4 | digit
                digits += 1
                index += 1
            }
            guard byte(index) == UInt8(ascii: "}"), digits > 0, let unicode = Unicode.Scalar(scalar) else {
                report("Invalid unicode escape in a string literal.", start, index + 1)
                position = index + 1
                return false
            }
            emit(Array(String(Character(unicode)).utf8))
            position = index + 1
            return true
        case UInt8(ascii: "("):
            // An interpolation: skip its code (which may hold more strings). Only ours are errors.
            if decode {
                report(
                    "graphql literals cannot be interpolated: the compiler reads their text, so it must be written out.",
                    start, position + 1)
            }
            position += 1
            _ = scanCode(untilClosingParenthesis: true)
            index.interpolations.append(SourceRange(start, min(position, bytes.count)))
            return !decode
        default:
            if decode { report("Invalid escape sequence in a string literal.", start, position + 1) }
            position += 1
            return !decode
        }
        position += 1
        return true
    }
}
