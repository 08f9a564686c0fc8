/// A field or directive argument in generated selections: a literal, a variable, or a list or
/// object of arguments. Resolved against an operation's variables when the store reads or writes.
@_spi(RelayGenerated) public enum ArgumentNode: Hashable, Sendable {
    case literal(name: String, value: VariableValue)
    case variable(name: String, variableName: String)
    case object(name: String, fields: [ArgumentNode])
    case list(name: String, items: [ArgumentNode])

    public var name: String {
        switch self {
        case .literal(let name, _), .variable(let name, _), .object(let name, _), .list(let name, _): name
        }
    }

    /// The argument's value with variables substituted (a missing variable is `null`).
    public func value(with variables: VariableData) -> VariableValue {
        switch self {
        case .literal(_, let value): value
        case .variable(_, let variableName): variables[variableName] ?? .null
        case .object(_, let fields):
            .object(
                Dictionary(fields.map { ($0.name, $0.value(with: variables)) }, uniquingKeysWith: { _, last in last }))
        case .list(_, let items): .list(items.map { $0.value(with: variables) })
        }
    }
}

/// Relay's storage key of a field: its name, followed by its non-null arguments sorted by name
/// with stable-JSON values — `todos(first:10,status:"OPEN")`. Fields without arguments use
/// their plain name. The generated code precomputes keys of fields whose arguments are all
/// literals; the store computes the others with the operation's variables.
@_spi(RelayGenerated) public func storageKey(fieldName: String, arguments: [ArgumentNode], variables: VariableData)
    -> String
{
    let values = arguments.map { ($0.name, $0.value(with: variables)) }.filter { $0.1 != .null }
    guard !values.isEmpty else { return fieldName }
    return fieldName + "(" + values.sorted { $0.0 < $1.0 }.map { "\($0.0):\($0.1.stableJSON)" }.joined(separator: ",")
        + ")"
}

/// `storageKey` for argument values known up front (updaters, connection keys).
@_spi(RelayGenerated) public func storageKey(fieldName: String, values: [String: VariableValue]) -> String {
    storageKey(
        fieldName: fieldName, arguments: values.map { ArgumentNode.literal(name: $0.key, value: $0.value) },
        variables: [:])
}
