extension TypeRef {
    /// Reads a type written as text, as in `{type: "[String!]!"}` (Relay's
    /// `@argumentDefinitions`); nil unless the whole text is one type reference.
    public init?(parsing text: String) {
        var reader = TypeTextReader(bytes: Array(text.utf8))
        guard let type = reader.type(depth: 0), reader.atEnd else { return nil }
        self = type
    }
}

/// A recursive-descent reader of `Type := Name | [Type] | Type!`, with blanks between tokens.
private struct TypeTextReader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool {
        mutating get {
            skipBlanks()
            return index == bytes.count
        }
    }

    mutating func type(depth: Int) -> TypeRef? {
        guard depth < 32 else { return nil }
        var type: TypeRef
        if take(UInt8(ascii: "[")) {
            guard let item = self.type(depth: depth + 1), take(UInt8(ascii: "]")) else { return nil }
            type = .list(item)
        } else {
            skipBlanks()
            let start = index
            while index < bytes.count, Self.isNameByte(bytes[index], first: index == start) { index += 1 }
            guard index > start else { return nil }
            type = .named(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        if take(UInt8(ascii: "!")) { type = .nonNull(type) }
        return type
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipBlanks()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipBlanks() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }
}
