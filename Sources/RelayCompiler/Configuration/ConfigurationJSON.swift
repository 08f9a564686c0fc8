import GraphQLParser

/// JSON as `relay.json` is read: strictly by RFC 8259 (no trailing commas, no comments, no
/// duplicate keys), with the line and column of every value and key, so that each mistake in
/// the file is reported where it is.
struct ConfigurationJSON: Equatable {
    enum Value: Equatable {
        case object([Member])
        case array([ConfigurationJSON])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    struct Member: Equatable {
        var key: String
        var keyLocation: SourceLocation
        var value: ConfigurationJSON
    }

    var value: Value
    var location: SourceLocation

    /// The member named `key` of an object.
    subscript(key: String) -> ConfigurationJSON? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What the value is, for messages: "a string", "a number", ….
    var kind: String {
        switch value {
        case .object: "an object"
        case .array: "a list"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    var string: String? {
        if case .string(let text) = value { text } else { nil }
    }

    /// Parses a whole file; the first mistake is the error, at its line and column.
    ///
    /// The text must be UTF-8 (RFC 8259); a byte order mark before it is skipped, as the RFC
    /// allows, and a file in another encoding is an error saying so.
    static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> ConfigurationJSON {
        let start = bytes.starts(with: TextEncoding.byteOrderMark) ? TextEncoding.byteOrderMark.count : 0
        if let problem = TextEncoding.problem(in: bytes[start...], file: file) { throw problem }
        var reader = Reader(bytes: bytes, file: file)
        reader.index = start
        reader.lineStart = start
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.index < bytes.count {
            throw reader.error(
                reader.startsComment ? "comments are not allowed in JSON" : "unexpected text after the JSON value")
        }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        let file: String
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
        }

        var location: SourceLocation { SourceLocation(file: file, line: line, column: index - lineStart + 1) }

        func error(_ message: String) -> Diagnostic { .error(message, at: location) }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        var startsComment: Bool {
            current == UInt8(ascii: "/") && index + 1 < bytes.count
                && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"))
        }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                if byte == 0x0A { (line, lineStart) = (line + 1, index) }
            }
        }

        mutating func value(depth: Int) throws(Diagnostic) -> ConfigurationJSON {
            guard depth < 64 else { throw error("the JSON is nested too deeply") }
            let start = location
            guard let byte = current else { throw error("expected a JSON value, found the end of the file") }
            switch byte {
            case UInt8(ascii: "{"): return ConfigurationJSON(value: try object(depth: depth), location: start)
            case UInt8(ascii: "["): return ConfigurationJSON(value: try array(depth: depth), location: start)
            case UInt8(ascii: "\""): return ConfigurationJSON(value: .string(try string()), location: start)
            case UInt8(ascii: "t"):
                try word("true")
                return ConfigurationJSON(value: .bool(true), location: start)
            case UInt8(ascii: "f"):
                try word("false")
                return ConfigurationJSON(value: .bool(false), location: start)
            case UInt8(ascii: "n"):
                try word("null")
                return ConfigurationJSON(value: .null, location: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return ConfigurationJSON(value: .number(try number()), location: start)
            default:
                if startsComment { throw error("comments are not allowed in JSON") }
                if byte == UInt8(ascii: "'") { throw error("JSON strings take double quotes") }
                throw error("expected a JSON value")
            }
        }

        mutating func word(_ text: String) throws(Diagnostic) {
            let expected = Array(text.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw error("expected a JSON value")
            }
            index += expected.count
        }

        /// After an opening bracket: members or items separated by commas, with none after the last.
        mutating func separated(closing: UInt8, what: String, _ element: (inout Reader) throws(Diagnostic) -> Void)
            throws(Diagnostic)
        {
            index += 1
            skipSpace()
            if current == closing {
                index += 1
                return
            }
            while true {
                try element(&self)
                skipSpace()
                switch current {
                case closing:
                    index += 1
                    return
                case UInt8(ascii: ","):
                    let comma = location
                    index += 1
                    skipSpace()
                    if current == closing {
                        throw .error("trailing comma: JSON allows no comma after the last \(what)", at: comma)
                    }
                default:
                    if startsComment { throw error("comments are not allowed in JSON") }
                    throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))' after the \(what)")
                }
            }
        }

        mutating func object(depth: Int) throws(Diagnostic) -> Value {
            var members: [Member] = []
            // Keys seen so far, so that a duplicate is found in constant time, not by a search.
            var keys: Set<String> = []
            try separated(closing: UInt8(ascii: "}"), what: "member") { (reader) throws(Diagnostic) in
                if reader.startsComment { throw reader.error("comments are not allowed in JSON") }
                guard reader.current == UInt8(ascii: "\"") else {
                    throw reader.error("expected a member name in double quotes")
                }
                let keyLocation = reader.location
                let key = try reader.string()
                if !keys.insert(key).inserted {
                    throw Diagnostic.error("duplicate key \"\(key)\"", at: keyLocation)
                }
                reader.skipSpace()
                guard reader.current == UInt8(ascii: ":") else { throw reader.error("expected ':' after \"\(key)\"") }
                reader.index += 1
                reader.skipSpace()
                members.append(Member(key: key, keyLocation: keyLocation, value: try reader.value(depth: depth + 1)))
            }
            return .object(members)
        }

        mutating func array(depth: Int) throws(Diagnostic) -> Value {
            var items: [ConfigurationJSON] = []
            try separated(closing: UInt8(ascii: "]"), what: "item") { (reader) throws(Diagnostic) in
                items.append(try reader.value(depth: depth + 1))
            }
            return .array(items)
        }

        mutating func string() throws(Diagnostic) -> String {
            index += 1
            var text: [UInt8] = []
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { break }
                    let escaped = bytes[index + 1]
                    index += 2
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count,
                            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                        else { throw error("a \\u escape needs four hexadecimal digits") }
                        index += 4
                        text += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                    default:
                        index -= 2
                        throw error("invalid escape in a JSON string")
                    }
                    continue
                case 0x00..<0x20:
                    throw error(byte == 0x0A ? "unterminated string" : "control character in a JSON string")
                default:
                    text.append(byte)
                    index += 1
                    continue
                }
                break
            }
            throw error("unterminated string")
        }

        mutating func number() throws(Diagnostic) -> Double {
            let start = index
            while let byte = current,
                byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            {
                index += 1
            }
            guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                index = start
                throw error("invalid number")
            }
            return number
        }
    }
}
