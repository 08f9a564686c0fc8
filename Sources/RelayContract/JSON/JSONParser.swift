extension VariableValue {
    /// Why bytes are not JSON: what was wrong, and at which byte.
    public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The offset of the byte where the text stops being JSON.
        public var offset: Int
        public var message: String

        public init(offset: Int, message: String) {
            self.offset = offset
            self.message = message
        }

        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Parses JSON text (RFC 8259), the one parser of the runtime: generated nodes and every
    /// network response go through it. A number without fraction or exponent, or one whose value
    /// is a whole number an `Int` holds, becomes `.int`; others `.float`. Nesting deeper than
    /// 512 levels is refused, so hostile input cannot exhaust the stack.
    public init(parsingJSON text: String) throws(VariableValue.JSONSyntaxError) {
        var text = text
        let parsed = text.withUTF8 { bytes in
            Result { () throws(VariableValue.JSONSyntaxError) in
                var parser = JSONParser(bytes)
                return try parser.document()
            }
        }
        self = try parsed.get()
    }

    /// Parses JSON bytes; see `init(parsingJSON:)` for text.
    public init(parsingJSON bytes: UnsafeRawBufferPointer) throws(VariableValue.JSONSyntaxError) {
        var parser = JSONParser(bytes.assumingMemoryBound(to: UInt8.self))
        self = try parser.document()
    }
}

/// A recursive-descent parser over UTF-8 bytes that builds `VariableValue`s directly: no
/// tokens, one copy of each string, numbers read without an intermediate string when they are
/// integers.
struct JSONParser {
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The one value the bytes hold, with nothing but whitespace after it.
    mutating func document() throws(VariableValue.JSONSyntaxError) -> VariableValue {
        let value = try value()
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String) -> VariableValue.JSONSyntaxError {
        VariableValue.JSONSyntaxError(offset: position, message: message)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func value() throws(VariableValue.JSONSyntaxError) -> VariableValue {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of the text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try list()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: VariableValue) throws(VariableValue.JSONSyntaxError)
        -> VariableValue
    {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of the text") }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            throw error("unexpected character")
        }
        position += count
        return value
    }

    private mutating func enter() throws(VariableValue.JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        position += 1
    }

    private mutating func object() throws(VariableValue.JSONSyntaxError) -> VariableValue {
        try enter()
        defer { depth -= 1 }
        var fields: [String: VariableValue] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a member name in quotes")
            }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after a member name")
            }
            position += 1
            fields[key] = try value()
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of the text in an object") }
            position += 1
            switch bytes[position - 1] {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return .object(fields)
            default:
                position -= 1
                throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func list() throws(VariableValue.JSONSyntaxError) -> VariableValue {
        try enter()
        defer { depth -= 1 }
        var items: [VariableValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .list(items)
        }
        while true {
            items.append(try value())
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of the text in a list") }
            position += 1
            switch bytes[position - 1] {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return .list(items)
            default:
                position -= 1
                throw error("expected ',' or ']' in a list")
            }
        }
    }

    /// A string at `position` (its opening quote), escapes resolved, its UTF-8 checked.
    private mutating func string() throws(VariableValue.JSONSyntaxError) -> String {
        position += 1
        let start = position
        // The common case: no escapes, one copy of the bytes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let string = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                guard let string else {
                    throw VariableValue.JSONSyntaxError(offset: start, message: "a string is not valid UTF-8")
                }
                position += 1
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            position += 1
        }
        var utf8 = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw VariableValue.JSONSyntaxError(offset: start, message: "a string is not valid UTF-8")
                }
                return string
            }
            guard byte >= 0x20 else { throw error("a control character in a string must be escaped") }
            position += 1
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            guard position < bytes.count else { break }
            let escaped = bytes[position]
            position += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
            default:
                position -= 1
                throw error("unknown escape in a string")
            }
        }
        throw error("unterminated string")
    }

    /// The scalar of `\uXXXX` (after the `u`), a surrogate pair read as one, as UTF-8.
    private mutating func unicodeEscape() throws(VariableValue.JSONSyntaxError) -> [UInt8] {
        let first = try hexQuad()
        var value = first
        if (0xD800...0xDBFF).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { throw error("a high surrogate without its low surrogate") }
            position += 2
            let second = try hexQuad()
            guard (0xDC00...0xDFFF).contains(second) else { throw error("a high surrogate without its low surrogate") }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw error("a lone surrogate in a string") }
        return Array(String(scalar).utf8)
    }

    private mutating func hexQuad() throws(VariableValue.JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws(VariableValue.JSONSyntaxError) -> VariableValue {
        let start = position
        let isNegative = bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("a number needs digits") }
        var magnitude: UInt64 = 0
        var overflowed = false
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[position] - UInt8(ascii: "0")))
                overflowed = overflowed || overflow1 || overflow2
                magnitude = sum
                position += 1
            }
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("a fraction needs digits") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("an exponent needs digits") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if isInteger, !overflowed {
            if isNegative, magnitude <= UInt64(Int.max) + 1 {
                return .int(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude))
            }
            if !isNegative, magnitude <= UInt64(Int.max) { return .int(Int(magnitude)) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw VariableValue.JSONSyntaxError(offset: start, message: "a number out of range")
        }
        // A whole number an Int holds is an Int, however it is written (`1.0`, `1e3`).
        if double == double.rounded(), let int = Int(exactly: double) { return .int(int) }
        return .float(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
