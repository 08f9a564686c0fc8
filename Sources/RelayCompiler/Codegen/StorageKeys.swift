import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// Storage keys of fields whose arguments are all constants, computed at compile time with the
/// runtime's own `storageKey` function, so the generated keys and the ones the store computes
/// for variable arguments can never disagree.
enum StorageKeys {
    /// `todos(first:10,status:"OPEN")`; nil for a field without arguments (its name is its
    /// key) or with a variable argument (the store computes the key).
    static func key(name: String, arguments: [IRArgument]) -> String? {
        guard !arguments.isEmpty, arguments.allSatisfy(\.value.isConstant) else { return nil }
        let nodes = arguments.map { ArgumentNode.literal(name: $0.name, value: variableValue($0.value)) }
        let key = storageKey(fieldName: name, arguments: nodes, variables: [:])
        return key == name ? nil : key
    }

    /// A constant IR value as the runtime holds it. Enum values are strings on the wire; an
    /// integer too large for `Int` (a custom scalar) keeps its magnitude as a float.
    static func variableValue(_ value: IRValue) -> VariableValue {
        switch value {
        case .null, .variable: .null
        case .bool(let bool): .bool(bool)
        case .int(let text): Int(text).map(VariableValue.int) ?? .float(Double(text) ?? 0)
        case .float(let text): .float(Double(text) ?? 0)
        case .string(let string), .enumValue(let string): .string(string)
        case .list(let items): .list(items.map(variableValue))
        case .object(let fields):
            .object(
                Dictionary(fields.map { ($0.name, variableValue($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
