/// Decodes generated `Data` types from the reader's value tree, the way `JSONDecoder` would
/// from the same JSON, without producing JSON text. Custom scalars (`GraphQLScalar`) are built
/// from their JSON value; a non-null value that does not convert throws a
/// `ValueConversionFailure` saying where, what and why.
struct ValueDecoder: Decoder {
    let value: VariableValue
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<T: Decodable>(_ type: T.Type, from value: VariableValue) throws -> T {
        try decode(type, from: value, at: [])
    }

    /// Every value decodes through here: JSON values pass as they are, custom scalars convert.
    private static func decode<T: Decodable>(_ type: T.Type, from value: VariableValue, at codingPath: [any CodingKey])
        throws -> T
    {
        if T.self == VariableValue.self, let same = value as? T { return same }
        if let scalar = T.self as? any GraphQLScalar.Type, value != .null {
            do {
                if let converted = try scalar.init(scalarValue: value) as? T { return converted }
            } catch {
                throw ValueConversionFailure(
                    path: codingPath.map(\.stringValue), value: value, type: "\(T.self)", reason: "\(error)")
            }
        }
        return try T(from: ValueDecoder(value: value, codingPath: codingPath))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .list(let items) = value else { throw mismatch("a list") }
        return UnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleContainer(decoder: self) }

    /// A null where a value is needed is missing data (the reader reports it); any other value
    /// of the wrong kind is a value that does not convert.
    func mismatch(_ expected: String) -> any Error {
        guard value != .null else {
            return DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found null"))
        }
        return ValueConversionFailure(
            path: codingPath.map(\.stringValue), value: value, type: expected, reason: "the JSON value has another type"
        )
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let fields: [String: VariableValue]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { (fields[key.stringValue] ?? .null) == .null }

        // The common scalars skip the generic path (and its check for custom scalars); a value
        // of another kind goes through it, for its error.
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try primitive(key) { if case .string(let value) = $0 { value } else { nil } }
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            try primitive(key) { if case .bool(let value) = $0 { value } else { nil } }
        }

        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            try primitive(key) { if case .int(let value) = $0 { value } else { nil } }
        }

        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
            try optionalPrimitive(key) { if case .string(let value) = $0 { value } else { nil } }
        }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
            try optionalPrimitive(key) { if case .bool(let value) = $0 { value } else { nil } }
        }

        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
            try optionalPrimitive(key) { if case .int(let value) = $0 { value } else { nil } }
        }

        private func primitive<T: Decodable>(_ key: Key, _ extract: (VariableValue) -> T?) throws -> T {
            guard let value = fields[key.stringValue].flatMap(extract) else {
                return try decodeGeneric(T.self, forKey: key)
            }
            return value
        }

        private func optionalPrimitive<T: Decodable>(_ key: Key, _ extract: (VariableValue) -> T?) throws -> T? {
            guard let value = fields[key.stringValue], value != .null else { return nil }
            return try extract(value) ?? decodeGeneric(T.self, forKey: key)
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decodeGeneric(type, forKey: key)
        }

        private func decodeGeneric<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = fields[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\""))
            }
            return try ValueDecoder.decode(type, from: value, at: codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try ValueDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key]).container(
                keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try ValueDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
                .unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(fields), codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            ValueDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
        }
    }

    private struct UnkeyedContainer: UnkeyedDecodingContainer {
        let items: [VariableValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        init(items: [VariableValue], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "list ended"))
            }
            let value = try ValueDecoder.decode(
                type, from: items[currentIndex], at: codingPath + [IndexKey(currentIndex)])
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            let decoder = ValueDecoder(value: isAtEnd ? .null : items[currentIndex], codingPath: codingPath)
            currentIndex += 1
            return try decoder.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let decoder = ValueDecoder(value: isAtEnd ? .null : items[currentIndex], codingPath: codingPath)
            currentIndex += 1
            return try decoder.unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            let decoder = ValueDecoder(value: isAtEnd ? .null : items[currentIndex], codingPath: codingPath)
            currentIndex += 1
            return decoder
        }
    }

    private struct IndexKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ index: Int) {
            stringValue = String(index)
            intValue = index
        }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.init(intValue) }
    }

    private struct SingleContainer: SingleValueDecodingContainer {
        let decoder: ValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.value == .null }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .bool(let value) = decoder.value else { throw decoder.mismatch("Bool") }
            return value
        }

        func decode(_ type: String.Type) throws -> String {
            guard case .string(let value) = decoder.value else { throw decoder.mismatch("String") }
            return value
        }

        func decode(_ type: Double.Type) throws -> Double {
            switch decoder.value {
            case .float(let value): return value
            case .int(let value): return Double(value)
            default: throw decoder.mismatch("Double")
            }
        }

        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

        func decode(_ type: Int.Type) throws -> Int {
            switch decoder.value {
            case .int(let value): return value
            case .float(let value) where value.rounded() == value && abs(value) < 9.0e18: return Int(value)
            default: throw decoder.mismatch("Int")
            }
        }

        func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

        private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            guard let value = T(exactly: try decode(Int.self)) else { throw decoder.mismatch("\(T.self)") }
            return value
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try ValueDecoder.decode(type, from: decoder.value, at: decoder.codingPath)
        }
    }
}
