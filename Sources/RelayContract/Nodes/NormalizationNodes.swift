@_spi(RelayGenerated) public struct NormalizationOperation: Hashable, Sendable {
    public var name: String
    public var selections: [NormalizationSelection]
    /// The default values the operation declares for its variables (`$count: Int = 10`): the
    /// runtime uses them for variables left out, as Relay's `getOperationVariables` does.
    public var variableDefaults: [String: VariableValue]

    public init(
        name: String, selections: [NormalizationSelection], variableDefaults: [String: VariableValue] = [:]
    ) {
        self.name = name
        self.selections = selections
        self.variableDefaults = variableDefaults
    }
}

@_spi(RelayGenerated) public indirect enum NormalizationSelection: Hashable, Sendable {
    case scalarField(NormalizationScalarField)
    case linkedField(NormalizationLinkedField)
    case inlineFragment(NormalizationInlineFragment)
    case handle(NormalizationHandle)
    case condition(variable: String, passingValue: Bool, selections: [NormalizationSelection])
    /// Fields of client schema extensions: written when a payload has them (an optimistic or
    /// local one), left as they are when it does not (a server's).
    case clientExtension([NormalizationSelection])

    public static func field(_ field: NormalizationScalarField) -> NormalizationSelection { .scalarField(field) }
    public static func field(_ field: NormalizationLinkedField) -> NormalizationSelection { .linkedField(field) }
}

/// A field handled by a runtime handler after normalization, e.g. `@connection`'s.
@_spi(RelayGenerated) public struct NormalizationHandle: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case scalar, linked }

    public var kind: Kind
    public var name: String
    public var alias: String?
    public var args: [ArgumentNode]
    /// The handler's name: `connection`, or a declarative edit such as `appendEdge`.
    public var handle: String {
        didSet { handler = HandleKind(rawValue: handle) }
    }
    /// The handler `handle` names; nil for a name this runtime does not know (skipped).
    public private(set) var handler: HandleKind?
    /// The connection key given to `@connection(key:)`; empty for other handlers.
    public var key: String
    /// The arguments that identify a connection (`@connection(filters:)`).
    public var filters: [String]?
    /// The handler's own arguments (`connections`, `edgeTypeName`), never sent to the server.
    public var handleArgs: [ArgumentNode]

    public init(
        kind: Kind, name: String, alias: String? = nil, args: [ArgumentNode] = [], handle: String, key: String = "",
        filters: [String]? = nil, handleArgs: [ArgumentNode] = []
    ) {
        self.kind = kind
        self.name = name
        self.alias = alias
        self.args = args
        self.handle = handle
        handler = HandleKind(rawValue: handle)
        self.key = key
        self.filters = filters
        self.handleArgs = handleArgs
    }
}
