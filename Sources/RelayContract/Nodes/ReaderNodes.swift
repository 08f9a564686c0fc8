@_spi(RelayGenerated) public struct ReaderFragment: Hashable, Sendable {
    public var name: String
    /// The schema type the fragment is on.
    public var type: String
    /// Relay's `abstractKey` (`__isNode`) when that type is an interface or union; nil for an
    /// object type, where a record of another type is not expected to have the fragment's data.
    public var abstractKey: String?
    public var selections: [ReaderSelection]
    /// `@relay(plural: true)`: the fragment reads a list of records.
    public var isPlural: Bool
    /// The defaults of the fragment's `@argumentDefinitions`, for arguments a spread leaves out.
    public var argumentDefaults: [String: VariableValue]
    /// The names of the fragment's `@argumentDefinitions` (its local arguments).
    public var localArguments: [String]
    /// How to page through the fragment's `@connection`s and refetch it (`@refetchable`).
    public var metadata: ReaderFragmentMetadata?
    /// `@throwOnFieldError`: a field in error that no `@catch` holds fails the read.
    public var throwOnFieldError: Bool
    /// `@catch(to:)` on the fragment or operation: errors found anywhere in it are its data's.
    public var catchTo: CatchTo?
    /// Why the generated node could not be read, when it could not (`init(json:)`).
    public var artifactProblem: String?

    public init(
        name: String, type: String, selections: [ReaderSelection], isPlural: Bool = false,
        argumentDefaults: [String: VariableValue] = [:], localArguments: [String]? = nil,
        metadata: ReaderFragmentMetadata? = nil, throwOnFieldError: Bool = false, catchTo: CatchTo? = nil,
        abstractKey: String? = nil
    ) {
        self.localArguments = localArguments ?? argumentDefaults.keys.sorted()
        self.abstractKey = abstractKey
        self.name = name
        self.type = type
        self.selections = selections
        self.isPlural = isPlural
        self.argumentDefaults = argumentDefaults
        self.metadata = metadata
        self.throwOnFieldError = throwOnFieldError
        self.catchTo = catchTo
    }
}

/// What pagination and refetching need to know about a fragment beyond its selections.
@_spi(RelayGenerated) public struct ReaderFragmentMetadata: Hashable, Sendable {
    /// The fragment's `@connection` fields.
    public var connection: [ConnectionMetadata]
    /// Set for a `@refetchable` fragment.
    public var refetch: RefetchMetadata?

    public init(connection: [ConnectionMetadata] = [], refetch: RefetchMetadata? = nil) {
        self.connection = connection
        self.refetch = refetch
    }
}

/// A `@connection` field: where it is and which variables page it.
@_spi(RelayGenerated) public struct ConnectionMetadata: Hashable, Sendable {
    public enum Direction: String, CaseIterable, Hashable, Sendable { case forward, backward, bidirectional }

    /// Response keys from the fragment's root to the connection field.
    public var path: [String]
    public var direction: Direction
    /// The variables bound to `first` / `last` (the page size) and `after` / `before` (the
    /// cursor): the forward ones for a forward or bidirectional connection.
    public var count: String?
    public var cursor: String?
    /// A bidirectional connection's variables bound to `last` and `before`.
    public var backwardCount: String?
    public var backwardCursor: String?

    public init(
        path: [String], direction: Direction, count: String? = nil, cursor: String? = nil,
        backwardCount: String? = nil, backwardCursor: String? = nil
    ) {
        self.path = path
        self.direction = direction
        self.count = count
        self.cursor = cursor
        self.backwardCount = backwardCount
        self.backwardCursor = backwardCursor
    }
}

/// A `@refetchable` fragment: the query that refetches it and where the fragment sits in that
/// query's response.
@_spi(RelayGenerated) public struct RefetchMetadata: Hashable, Sendable {
    /// The generated refetch query's name.
    public var operation: String
    /// Response keys from the query's root to the fragment (`["node"]` for a `Node`, `[]` for
    /// the query type, `["viewer"]` for `Viewer`).
    public var fragmentPathInResult: [String]
    /// The field that identifies the record (`id`), passed as the query's `id` variable.
    public var identifierField: String?

    public init(operation: String, fragmentPathInResult: [String], identifierField: String? = nil) {
        self.operation = operation
        self.fragmentPathInResult = fragmentPathInResult
        self.identifierField = identifierField
    }
}

@_spi(RelayGenerated) public indirect enum ReaderSelection: Hashable, Sendable {
    case scalarField(ReaderScalarField)
    case linkedField(ReaderLinkedField)
    case fragmentSpread(ReaderFragmentSpread)
    case inlineFragment(ReaderInlineFragment)
    /// `@include(if:)` / `@skip(if:)`: the selections apply when the variable has the value.
    case condition(variable: String, passingValue: Bool, selections: [ReaderSelection])
    /// Fields of client schema extensions (Relay's `ClientExtension`): read like the others, but
    /// one the store lacks is nil rather than missing data — no server will send it.
    case clientExtension([ReaderSelection])
    /// `@alias`: selections read into an object of their own.
    case aliasedInlineFragment(ReaderAliasedInlineFragment)
    /// A spread of an `@inline` fragment: its data is read with the parent's, into the key.
    case inlineDataFragmentSpread(ReaderInlineDataFragmentSpread)
    /// `@catch(to:)` on a field or aliased inline fragment: errors found in it stay in it.
    case catchField(ReaderCatchField)
    /// A field a Relay Resolver computes from its root fragment, when read.
    case resolverField(ReaderResolverField)
    /// A `@module` branch on a client type (Relay's client 3D): the component's name, which
    /// the reader gives as `__module_component` where a server would have named it.
    case moduleComponent(String)

    /// `.field(ReaderScalarField(…))`, as Relay.swift's generated code writes it.
    public static func field(_ field: ReaderScalarField) -> ReaderSelection { .scalarField(field) }
    /// `.field(ReaderLinkedField(…))`.
    public static func field(_ field: ReaderLinkedField) -> ReaderSelection { .linkedField(field) }
}

/// An aliased inline fragment or fragment spread (Relay's `AliasedInlineFragmentSpread`): its
/// selections are read into an object under `name`, which is null for a record of another type.
@_spi(RelayGenerated) public struct ReaderAliasedInlineFragment: Hashable, Sendable {
    /// The alias: the key of the object in the parent's data.
    public var name: String
    /// The type condition.
    public var type: String
    /// The object types that match; nil when every record read there does.
    public var possibleTypes: Set<String>?
    /// For a spread with `@defer`: what tells whether the fragment's data has arrived.
    public var deferred: ReaderDeferredSpread?
    public var selections: [ReaderSelection]

    public init(
        name: String, type: String, possibleTypes: Set<String>? = nil, deferred: ReaderDeferredSpread? = nil,
        selections: [ReaderSelection]
    ) {
        self.name = name
        self.type = type
        self.possibleTypes = possibleTypes
        self.deferred = deferred
        self.selections = selections
    }
}

/// A spread with `@defer`: its key is null until the fragment's own fields are in the store
/// (its deferred payload has arrived, or the server sent them at once), so the parent's data is
/// complete without them.
@_spi(RelayGenerated) public struct ReaderDeferredSpread: Hashable, Sendable {
    /// The defaults of the fragment's `@argumentDefinitions`.
    public var argumentDefaults: [String: VariableValue]
    /// The fragment's selections.
    public var selections: [ReaderSelection]

    public init(argumentDefaults: [String: VariableValue] = [:], selections: [ReaderSelection]) {
        self.argumentDefaults = argumentDefaults
        self.selections = selections
    }
}

/// A spread of an `@inline` fragment (Relay's `InlineDataFragmentSpread`): the fragment's
/// selections, read with the parent's data into its key (`fragment_<name>`), so code reads the
/// fragment's data from the key without the store (`readInlineData`).
@_spi(RelayGenerated) public struct ReaderInlineDataFragmentSpread: Hashable, Sendable {
    public var name: String
    /// `@arguments(…)` passed to the fragment.
    public var args: [ArgumentNode]
    /// The defaults of the fragment's `@argumentDefinitions`, for arguments the spread leaves out.
    public var argumentDefaults: [String: VariableValue]
    public var selections: [ReaderSelection]

    public init(
        name: String, args: [ArgumentNode] = [], argumentDefaults: [String: VariableValue] = [:],
        selections: [ReaderSelection]
    ) {
        self.name = name
        self.args = args
        self.argumentDefaults = argumentDefaults
        self.selections = selections
    }
}

@_spi(RelayGenerated) public struct ReaderFragmentSpread: Hashable, Sendable {
    public var name: String
    /// `@arguments(…)` passed to the fragment.
    public var args: [ArgumentNode]

    public init(name: String, args: [ArgumentNode] = []) {
        self.name = name
        self.args = args
    }
}

/// A field (or aliased inline fragment) under `@catch`: errors found reading it stay in it.
@_spi(RelayGenerated) public struct ReaderCatchField: Hashable, Sendable {
    public var to: CatchTo
    /// The field or aliased inline fragment caught.
    public var selection: ReaderSelection

    public init(to: CatchTo, selection: ReaderSelection) {
        self.to = to
        self.selection = selection
    }
}

/// A field backed by a Relay Resolver (Relay's `RelayResolver` reader node): the reader reads the
/// resolver's root fragment on the record and calls the resolver with that data, memoized; the
/// function is found by `resolver` in the resolvers of what is read (`Operation.resolvers`).
@_spi(RelayGenerated) public struct ReaderResolverField: Hashable, Sendable {
    public var name: String
    public var alias: String?
    public var args: [ArgumentNode]
    /// The resolver's name, `Type.field`.
    public var resolver: String
    /// `@required(action:)` on the field.
    public var required: RequiredField?
    /// A client edge: the resolver gives the id of the record these selections are read from.
    public var edge: ClientEdge?

    /// What a client edge reads from the object its resolver names, and for an edge to a server
    /// object the query that fetches that record's fields (`ClientEdgeQuery_…`).
    public struct ClientEdge: Hashable, Sendable {
        public var concreteType: String?
        public var selections: [ReaderSelection]
        /// The edge's query; empty for an edge to a client object.
        public var query: String
        public var target: Target
        /// A list of objects.
        public var isPlural: Bool

        /// What the resolver's value is.
        public enum Target: String, Hashable, Sendable, CaseIterable {
            /// A server record's id (fetched with the edge's query when the store lacks it).
            case server
            /// A client object's id (with its type name for an interface or union): a record of
            /// the store, or one made of the id for a resolver model.
            case client
            /// A weak model's instance: an object of its own, read from the instance.
            case weak
            /// An output type's data, read as the object's fields.
            case output
        }

        public init(
            concreteType: String?, selections: [ReaderSelection], query: String, target: Target = .server,
            isPlural: Bool = false
        ) {
            self.concreteType = concreteType
            self.selections = selections
            self.query = query
            self.target = target
            self.isPlural = isPlural
        }
    }

    public init(
        name: String, alias: String? = nil, args: [ArgumentNode] = [], resolver: String,
        required: RequiredField? = nil, edge: ClientEdge? = nil
    ) {
        self.name = name
        self.alias = alias
        self.args = args
        self.resolver = resolver
        self.required = required
        self.edge = edge
    }

    public var responseKey: String { alias ?? name }
}
