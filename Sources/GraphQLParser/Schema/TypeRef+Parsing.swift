extension TypeRef {
    /// Reads a type written as text, as in `{type: "[String!]!"}` (Relay's
    /// `@argumentDefinitions`); nil unless the whole text is one type reference.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8).filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        var index = 0
        guard let type = Self.parse(bytes, &index, depth: 0), index == bytes.count else { return nil }
        self = type
    }

    private static func parse(_ bytes: [UInt8], _ index: inout Int, depth: Int) -> TypeRef? {
        guard index < bytes.count, depth < 32 else { return nil }
        var type: TypeRef
        if bytes[index] == UInt8(ascii: "[") {
            index += 1
            guard let item = parse(bytes, &index, depth: depth + 1), index < bytes.count,
                bytes[index] == UInt8(ascii: "]")
            else { return nil }
            index += 1
            type = .list(item)
        } else {
            let start = index
            while index < bytes.count, isNameByte(bytes[index], first: index == start) { index += 1 }
            guard index > start else { return nil }
            type = .named(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "!") {
            index += 1
            type = .nonNull(type)
        }
        return type
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }
}
