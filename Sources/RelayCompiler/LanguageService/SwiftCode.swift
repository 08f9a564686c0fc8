import GraphQLParser

/// A Swift file's code read through its `SwiftSourceIndex`, for the language service: the
/// identifier at an offset, the dotted chain it ends, the type a value is declared with, the
/// type an `extension` extends, a call's argument labels. Only code tokens are looked at, so
/// a name in a comment or a string, or a brace in a string, is never taken for code.
struct SwiftCode {
    let bytes: [UInt8]
    let index: SwiftSourceIndex
    let file: String

    init(text: String, file: String, index: SwiftSourceIndex? = nil) {
        bytes = Array(text.utf8)
        self.index = index ?? .of(text, file: file)
        self.file = file
    }

    private var tokens: [SwiftSourceIndex.Token] { index.tokens }

    private func text(_ token: Int) -> String { index.text(of: token, in: bytes) }
    private func isPunctuation(_ token: Int, _ byte: Unicode.Scalar) -> Bool {
        index.isPunctuation(token, UInt8(ascii: byte), in: bytes)
    }
    private func isIdentifier(_ token: Int) -> Bool {
        tokens.indices.contains(token) && tokens[token].kind == .identifier
    }

    /// The byte range of the identifier the cursor at `offset` is in or right after; nil off
    /// code identifiers.
    func identifierRange(at offset: Int) -> Range<Int>? {
        index.identifier(at: offset).map { tokens[$0].range }
    }

    /// The byte ranges of the identifier `name` in code (never in comments, strings or the
    /// GraphQL literals).
    func identifierRanges(_ name: String) -> [SourceRange] {
        identifierRanges(anyOf: [name]).map(\.range)
    }

    /// The byte ranges of identifiers spelled as one of `names`, with the name, in one pass over
    /// the tokens.
    func identifierRanges(anyOf names: [String]) -> [(range: SourceRange, name: String)] {
        let needles = names.map { Array($0.utf8) }
        let lengths = Set(needles.map(\.count))
        var found: [(SourceRange, String)] = []
        for token in tokens where token.kind == .identifier && lengths.contains(Int(token.end - token.start)) {
            guard let match = needles.firstIndex(where: { bytes[token.range].elementsEqual($0) }) else { continue }
            found.append((SourceRange(start: token.start, end: token.end), names[match]))
        }
        return found
    }

    /// The names of `a.b?.c` ending at the identifier at `offset`, first to last; empty off an
    /// identifier. A chain starting at a call, subscript or literal (`f().a`) is not followed:
    /// its root is not a name.
    func chain(endingAt offset: Int) -> [String] {
        guard let last = index.identifier(at: offset), !bytes[Int(tokens[last].start)].isASCIIDigit else { return [] }
        var names = [text(last)]
        var current = last
        while isPunctuation(current - 1, ".") {
            var before = current - 2
            while isPunctuation(before, "?") || isPunctuation(before, "!") { before -= 1 }
            guard isIdentifier(before) else { return [] }
            names.insert(text(before), at: 0)
            current = before
        }
        return names
    }

    /// `F` when the identifier at `offset` is the argument of `F(key: …)` (a fragment read
    /// with its key).
    func keyArgumentCallee(at offset: Int) -> String? {
        guard let argument = index.identifier(at: offset), isPunctuation(argument - 1, ":"),
            index.isWord(argument - 2, "key", in: bytes), isPunctuation(argument - 3, "("),
            isIdentifier(argument - 4), tokens[argument - 4].end == tokens[argument - 3].start
        else { return nil }
        return text(argument - 4)
    }

    /// The identifier tokens `name` before `offset`, the last first.
    private func occurrences(of name: String, before offset: Int) -> [Int] {
        index.identifiers(named: name, in: bytes).filter { Int(tokens[$0].end) <= offset }.reversed()
    }

    /// The type `name` is declared with before `offset` (`name: T`, `name: T?`, `name: [T]`,
    /// `name: any T`), the last declaration first; its dotted names.
    func declaredType(of name: String, before offset: Int) -> [String]? {
        for occurrence in occurrences(of: name, before: offset) where isPunctuation(occurrence + 1, ":") {
            var cursor = occurrence + 2
            while isPunctuation(cursor, "[") || isPunctuation(cursor, "(") { cursor += 1 }
            if index.isWord(cursor, "any", in: bytes) || index.isWord(cursor, "some", in: bytes) { cursor += 1 }
            let type = typeNames(from: cursor)
            if !type.isEmpty { return type }
        }
        return nil
    }

    /// The names called in the value last assigned to `name` before `offset` (`let name = …`,
    /// `var`, `if let`, `guard let`), to the end of that line, in order.
    func assignedCallees(of name: String, before offset: Int) -> [String] {
        for occurrence in occurrences(of: name, before: offset) {
            guard index.isWord(occurrence - 1, "let", in: bytes) || index.isWord(occurrence - 1, "var", in: bytes),
                isPunctuation(occurrence + 1, "="), !isPunctuation(occurrence + 2, "=")
            else { continue }
            let equals = occurrence + 1
            var callees: [String] = []
            var cursor = equals + 1
            while cursor < tokens.count, !index.lineBreak(between: equals, and: cursor, in: bytes) {
                if isIdentifier(cursor), isPunctuation(cursor + 1, "("), tokens[cursor].end == tokens[cursor + 1].start
                {
                    callees.append(text(cursor))
                }
                cursor += 1
            }
            return callees
        }
        return []
    }

    /// The type of the innermost `extension T {` whose braces hold `offset`.
    func extendedType(enclosing offset: Int) -> [String]? {
        for keyword in occurrences(of: "extension", before: offset) {
            let type = typeNames(from: keyword + 1)
            guard !type.isEmpty,
                let open = (keyword + 1..<tokens.count).first(where: { isPunctuation($0, "{") }),
                Int(tokens[open].start) < offset
            else { continue }
            let close = index.closingBracket(of: open, in: bytes)
            if close.map({ Int(tokens[$0].start) >= offset }) ?? true { return type }
        }
        return nil
    }

    /// `A.B.C` from token `start`: its names.
    private func typeNames(from start: Int) -> [String] {
        var names: [String] = []
        var cursor = start
        while isIdentifier(cursor) {
            names.append(text(cursor))
            guard isPunctuation(cursor + 1, "."), tokens[cursor].end == tokens[cursor + 1].start else { break }
            cursor += 2
        }
        return names
    }

    /// The ranges of the argument label `label` in calls `callee(…)` and
    /// `callee.Variables(…)`: names at a call's top level right after `(` or `,` and before `:`.
    func labels(_ label: String, inCallsOf callee: String) -> [SourceRange] {
        var found: [SourceRange] = []
        for name in index.identifiers(named: callee, in: bytes) {
            var open = name + 1
            if isPunctuation(open, "."), index.isWord(open + 1, "Variables", in: bytes) { open += 2 }
            guard isPunctuation(open, "(") else { continue }
            var depth = 0
            var argumentStart = true
            scan: for token in open..<tokens.count {
                if tokens[token].kind == .punctuation {
                    switch bytes[Int(tokens[token].start)] {
                    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                        depth += 1
                        if depth == 1 { argumentStart = true }
                        continue scan
                    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                        depth -= 1
                        if depth == 0 { break scan }
                        continue scan
                    case UInt8(ascii: ","):
                        if depth == 1 { argumentStart = true }
                        continue scan
                    default: break
                    }
                }
                if depth == 1, argumentStart, index.isWord(token, label, in: bytes), isPunctuation(token + 1, ":") {
                    found.append(SourceRange(start: tokens[token].start, end: tokens[token].end))
                }
                if depth == 1 { argumentStart = false }
            }
        }
        return found
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
