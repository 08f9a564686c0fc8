/// The variables of an operation, by name.
public struct VariableData: Hashable, Sendable, Codable, ExpressibleByDictionaryLiteral {
    public var fields: [String: VariableValue]

    public init(_ fields: [String: VariableValue] = [:]) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, VariableValue)...) {
        fields = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    public subscript(name: String) -> VariableValue? { fields[name] }

    /// Encoded as a plain JSON object, the form the network sends.
    public init(from decoder: Decoder) throws {
        fields = try decoder.singleValueContainer().decode([String: VariableValue].self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fields)
    }
}

/// Generated `Variables` types: turn themselves into `VariableData` for the network and the store.
public protocol VariableDataConvertible: Sendable {
    var variableData: VariableData { get }
}

/// Variables built at run time (a refetch's or a page's) pass as they are.
extension VariableData: VariableDataConvertible {
    public var variableData: VariableData { self }
}

/// The variables of an operation that has none.
public struct EmptyVariables: VariableDataConvertible, Hashable {
    public init() {}
    public var variableData: VariableData { [:] }
}

extension VariableData {
    /// Variables from generated code: nil values are left out, so the server applies the
    /// variable's default rather than receiving an explicit `null`.
    public init(omittingNil fields: [String: VariableValue?]) {
        self.init(fields.compactMapValues { $0 })
    }
}
