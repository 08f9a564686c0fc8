@_spi(RelayGenerated) import RelayContract

/// A generated query, mutation or subscription type.
public protocol Operation: Sendable {
    associatedtype Variables: VariableDataConvertible
    associatedtype Data: SelectionValue & Hashable & Sendable
    var variables: Variables { get }
    init(variables: Variables)
    @_spi(RelayGenerated) static var node: ConcreteRequest { get }
    /// The provided variables (Relay's `@argumentDefinitions(x: {provider:})`) by name, each read
    /// from its provider when the operation's variables are needed.
    @_spi(RelayGenerated) static var providedVariables: [String: @Sendable () -> VariableValue] { get }
    /// The Relay Resolvers its fields are computed by, by `Type.field`.
    @_spi(RelayGenerated) static var resolvers: [String: RelayResolverFunction] { get }
    /// The queries that fetch its client edges' records (`ClientEdgeQuery_…`), by name.
    @_spi(RelayGenerated) static var clientEdgeQueries: [String: any Operation.Type] { get }
}

extension Operation {
    @_spi(RelayGenerated) public static var providedVariables: [String: @Sendable () -> VariableValue] { [:] }
    @_spi(RelayGenerated) public static var resolvers: [String: RelayResolverFunction] { [:] }
    @_spi(RelayGenerated) public static var clientEdgeQueries: [String: any Operation.Type] { [:] }
}

/// A generated operation with `@raw_response_type`: its `RawResponse` describes the whole
/// response the server sends (every field of every spread fragment, with the `id` and
/// `__typename` the store needs), so an optimistic response or a payload built in Swift is
/// checked by the Swift compiler (`commitMutation(_:optimisticResponse:)`, `commitPayload(_:_:)`).
public protocol RawResponseOperation: Operation {
    associatedtype RawResponse: VariableValueConvertible & Sendable
}

extension Operation {
    /// The variables the runtime uses for storage keys, reading and the request: the given ones,
    /// the operation's declared default for each one left out, and each provided variable's
    /// value from its provider (Relay's `getOperationVariables`).
    public var operationVariables: VariableData {
        var variables = self.variables.variableData
        for (name, value) in Self.node.operation.variableDefaults where variables.fields[name] == nil {
            variables.fields[name] = value
        }
        for (name, provide) in Self.providedVariables { variables.fields[name] = provide() }
        return variables
    }
}
