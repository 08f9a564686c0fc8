/// A generated schema enum. Besides its cases it has `unknown(String)`: a server may add values
/// after the app shipped, and decoding one must not fail the whole response. Conformers only
/// map between cases and raw values; coding and variables come from here.
public protocol GraphQLEnum: RawRepresentable, Hashable, Sendable, Codable, VariableValueConvertible, SelectionValue
where RawValue == String {
    init(rawValue: String)
}

extension GraphQLEnum {
    public init(from decoder: Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var variableValue: VariableValue { .string(rawValue) }
}

extension VariableValue {
    /// An input object's value: fields that are nil are left out, so the server applies the
    /// field's default rather than receiving an explicit `null`.
    public static func object(omittingNil fields: [String: VariableValue?]) -> VariableValue {
        .object(fields.compactMapValues { $0 })
    }
}

/// Boxed storage for an input-object field whose type leads back to the object itself
/// (`input Filter { and: Filter }`), which a struct cannot hold inline.
@propertyWrapper
public struct Indirect<Value: Hashable & Sendable>: Hashable, Sendable {
    private var storage: [Value]

    public init(wrappedValue: Value) {
        storage = [wrappedValue]
    }

    public var wrappedValue: Value {
        get { storage[0] }
        set { storage = [newValue] }
    }
}
