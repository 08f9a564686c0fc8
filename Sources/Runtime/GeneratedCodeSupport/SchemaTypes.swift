/// A generated schema enum: a `String`-backed Swift enum of the values the schema had when the
/// code was generated. Its raw-value conformance, `Hashable` and `CaseIterable` are the
/// compiler's own; variables and reading come from here, so a generated enum is only its cases.
/// Where data is read, a field of enum type is a `GraphQLEnum` of it, which also carries values
/// the server added later.
public protocol SchemaEnum: RawRepresentable, CaseIterable, Hashable, Sendable, VariableValueConvertible, SelectionValue
where RawValue == String {}

extension SchemaEnum {
    public var variableValue: VariableValue { .string(rawValue) }

    /// Read as the enum itself (relay.json's `noFutureProofEnums`): a value the generated code
    /// does not know is a conversion failure naming the type, as for any other mistyped value.
    public init(selectionValue value: VariableValue) throws {
        let rawValue = try String(selectionValue: value)
        guard let known = Self(rawValue: rawValue) else {
            throw ValueConversionFailure(
                path: [], value: value, type: "\(Self.self)", reason: "not one of its known values")
        }
        self = known
    }
}

/// A schema enum's value as the server sent it: one of the cases the generated enum knows, or a
/// value added to the schema after the app shipped — decoding that must not fail the response.
/// Compare and switch as with the enum itself (`state == .open`, `case .open:`); the wrapper's
/// own cases name the two outcomes when both matter (`case .case(let state)`, `case .unknown`).
@frozen
public enum GraphQLEnum<Value: SchemaEnum>: Sendable {
    /// A value the generated enum knows.
    case `case`(Value)
    /// A value the generated enum does not know, as the server spelled it.
    case unknown(String)

    public init(_ value: Value) {
        self = .case(value)
    }

    /// The known case for `rawValue`, else `unknown(rawValue)`.
    public init(rawValue: String) {
        self = Value(rawValue: rawValue).map { .case($0) } ?? .unknown(rawValue)
    }

    /// The value as the server spells it.
    public var rawValue: String {
        switch self {
        case .case(let value): value.rawValue
        case .unknown(let rawValue): rawValue
        }
    }

    /// The known case, or nil for a value added to the schema later.
    public var value: Value? {
        if case .case(let value) = self { value } else { nil }
    }

    public static func == (lhs: Self, rhs: Value) -> Bool { lhs.value == rhs }
    public static func == (lhs: Value, rhs: Self) -> Bool { rhs.value == lhs }
    public static func != (lhs: Self, rhs: Value) -> Bool { lhs.value != rhs }
    public static func != (lhs: Value, rhs: Self) -> Bool { rhs.value != lhs }

    /// Lets `switch` match a known case directly: `case .open:`.
    public static func ~= (pattern: Value, value: Self) -> Bool { value.value == pattern }
}

extension Optional {
    /// `data.viewer?.state == .open`: an optional read field compares with a known case too.
    public static func == <Value>(lhs: Self, rhs: Value) -> Bool where Wrapped == GraphQLEnum<Value> {
        lhs?.value == rhs
    }

    public static func != <Value>(lhs: Self, rhs: Value) -> Bool where Wrapped == GraphQLEnum<Value> {
        lhs?.value != rhs
    }
}

/// Equal when the server's spelling is: `unknown("OPEN")` made by hand equals `.case(.open)`.
extension GraphQLEnum: Hashable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

extension GraphQLEnum: RawRepresentable, CustomStringConvertible, Codable, VariableValueConvertible, SelectionValue {
    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var variableValue: VariableValue { .string(rawValue) }

    public init(selectionValue value: VariableValue) throws {
        self.init(rawValue: try String(selectionValue: value))
    }
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
