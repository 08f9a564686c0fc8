/// What generated code describes for the runtime: which fields a fragment reads (reader
/// selections) and how a response is written into the store (normalization selections). Plain
/// values, decoded once per type from the JSON of its `static let node` (`NodeDecoding.swift`).

/// Identifies a record in the store.
public struct DataID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// The record every query starts from.
    public static let root: DataID = "client:root"

    /// The id of an object without its own id, stored under `parent`'s field `storageKey`
    /// (and, in a list, at `index`): `client:<parent>:<key>[:<index>]`, the prefix written once.
    public static func client(parent: DataID, storageKey: String, index: Int? = nil) -> DataID {
        var id = parent.rawValue + ":" + storageKey
        if let index { id += ":\(index)" }
        return DataID(id.hasPrefix("client:") ? id : "client:" + id)
    }
}

// MARK: Fields and inline fragments (the same shape on both sides)

/// A scalar field. The reader and normalization sides describe scalar fields alike.
public struct ScalarFieldSelection: Hashable, Sendable {
    public var name: String
    public var alias: String?
    /// The key under which the field is stored, when all its arguments are literals.
    public var storageKey: String?
    public var args: [ArgumentNode]
    /// `@required(action:)`, on the reader side.
    public var required: RequiredField?

    public init(
        name: String, alias: String? = nil, storageKey: String? = nil, args: [ArgumentNode] = [],
        required: RequiredField? = nil
    ) {
        self.name = name
        self.alias = alias
        self.storageKey = storageKey
        self.args = args
        self.required = required
    }
}

/// `@required(action:)` on a field that code reads (Relay's `RequiredField`): a null there makes
/// the object holding it null instead — and the next one up, while those are `@required` too.
/// `log` also reports the field to the environment's `fieldLogger`; `throw` makes the read fail
/// with `RelayError.missingRequiredField`.
public struct RequiredField: Hashable, Sendable {
    public enum Action: String, Hashable, Sendable {
        case none = "NONE"
        case log = "LOG"
        case `throw` = "THROW"
    }

    public var action: Action
    /// Response keys from the fragment's or operation's root to the field (`viewer.name`).
    public var path: String

    public init(action: Action, path: String) {
        self.action = action
        self.path = path
    }
}

/// A field with a selection of its own, on either side (`Selection` is `ReaderSelection` or
/// `NormalizationSelection`).
public struct LinkedFieldSelection<Selection: Hashable & Sendable>: Hashable, Sendable {
    public var name: String
    public var alias: String?
    public var storageKey: String?
    public var args: [ArgumentNode]
    /// The object type, when the field's type is not abstract.
    public var concreteType: String?
    public var plural: Bool
    public var selections: [Selection]
    /// `@required(action:)`, on the reader side.
    public var required: RequiredField?

    public init(
        name: String, alias: String? = nil, storageKey: String? = nil, args: [ArgumentNode] = [],
        concreteType: String? = nil, plural: Bool = false, selections: [Selection], required: RequiredField? = nil
    ) {
        self.name = name
        self.alias = alias
        self.storageKey = storageKey
        self.args = args
        self.concreteType = concreteType
        self.plural = plural
        self.selections = selections
        self.required = required
    }
}

/// Selections that apply to records of one type, on either side.
public struct InlineFragmentSelection<Selection: Hashable & Sendable>: Hashable, Sendable {
    /// The type condition.
    public var type: String
    public var selections: [Selection]

    public init(type: String, selections: [Selection]) {
        self.type = type
        self.selections = selections
    }
}

// The names generated code uses, as in Relay.swift.
public typealias ReaderScalarField = ScalarFieldSelection
public typealias ReaderLinkedField = LinkedFieldSelection<ReaderSelection>
public typealias ReaderInlineFragment = InlineFragmentSelection<ReaderSelection>
public typealias NormalizationScalarField = ScalarFieldSelection
public typealias NormalizationLinkedField = LinkedFieldSelection<NormalizationSelection>
public typealias NormalizationInlineFragment = InlineFragmentSelection<NormalizationSelection>

// MARK: Reader selections

public struct ReaderFragment: Hashable, Sendable {
    public var name: String
    /// The schema type the fragment is on.
    public var type: String
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
        metadata: ReaderFragmentMetadata? = nil, throwOnFieldError: Bool = false, catchTo: CatchTo? = nil
    ) {
        self.localArguments = localArguments ?? argumentDefaults.keys.sorted()
        self.name = name
        self.type = type
        self.selections = selections
        self.isPlural = isPlural
        self.argumentDefaults = argumentDefaults
        self.metadata = metadata
        self.throwOnFieldError = throwOnFieldError
        self.catchTo = catchTo
    }

    /// The variables the fragment reads `pointer`'s record with (Relay's
    /// `getFragmentVariables`): the pointer's, where each `@argumentDefinitions` argument the
    /// spread did not pass has its default (or none) rather than a parent's variable of that name.
    public func variables(for pointer: FragmentPointer) -> VariableData {
        var variables = pointer.variables
        if let passed = pointer.passedArguments {
            for name in localArguments where !passed.contains(name) { variables.fields[name] = argumentDefaults[name] }
        } else {
            for (name, value) in argumentDefaults where variables.fields[name] == nil {
                variables.fields[name] = value
            }
        }
        return variables
    }
}

/// What pagination and refetching need to know about a fragment beyond its selections.
public struct ReaderFragmentMetadata: Hashable, Sendable {
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
public struct ConnectionMetadata: Hashable, Sendable {
    public enum Direction: String, Hashable, Sendable { case forward, backward, bidirectional }

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

    /// The count and cursor variables that page the connection in `direction`; nil when the
    /// connection does not page that way.
    func variables(paging direction: PaginationDirection) -> (count: String, cursor: String)? {
        let names: (String?, String?) =
            switch (direction, self.direction) {
            case (.forward, .forward), (.forward, .bidirectional), (.backward, .backward): (count, cursor)
            case (.backward, .bidirectional): (backwardCount, backwardCursor)
            case (.forward, .backward), (.backward, .forward): (nil, nil)
            }
        guard let count = names.0, let cursor = names.1 else { return nil }
        return (count, cursor)
    }
}

/// Which end of a connection a page is loaded at.
public enum PaginationDirection: Hashable, Sendable {
    /// After the last edge (`loadNext`).
    case forward
    /// Before the first edge (`loadPrevious`).
    case backward
}

/// A `@refetchable` fragment: the query that refetches it and where the fragment sits in that
/// query's response.
public struct RefetchMetadata: Hashable, Sendable {
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

public indirect enum ReaderSelection: Hashable, Sendable {
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

    /// `.field(ReaderScalarField(…))`, as Relay.swift's generated code writes it.
    public static func field(_ field: ReaderScalarField) -> ReaderSelection { .scalarField(field) }
    /// `.field(ReaderLinkedField(…))`.
    public static func field(_ field: ReaderLinkedField) -> ReaderSelection { .linkedField(field) }
}

/// An aliased inline fragment or fragment spread (Relay's `AliasedInlineFragmentSpread`): its
/// selections are read into an object under `name`, which is null for a record of another type.
public struct ReaderAliasedInlineFragment: Hashable, Sendable {
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
public struct ReaderDeferredSpread: Hashable, Sendable {
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
public struct ReaderInlineDataFragmentSpread: Hashable, Sendable {
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

public struct ReaderFragmentSpread: Hashable, Sendable {
    public var name: String
    /// `@arguments(…)` passed to the fragment.
    public var args: [ArgumentNode]

    public init(name: String, args: [ArgumentNode] = []) {
        self.name = name
        self.args = args
    }
}

// MARK: Normalization selections

public struct NormalizationOperation: Hashable, Sendable {
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

public indirect enum NormalizationSelection: Hashable, Sendable {
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
public struct NormalizationHandle: Hashable, Sendable {
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

// MARK: Requests

public enum OperationKind: String, Hashable, Sendable {
    case query, mutation, subscription
}

/// What the network needs to send an operation.
public struct RequestParameters: Hashable, Sendable {
    public var name: String
    public var operationKind: OperationKind
    /// The operation's canonical text with the fragments it uses; nil when only the id is sent,
    /// or when the operation selects client schema extensions only (with `id` nil too: it is
    /// answered from the store, never sent).
    public var text: String?
    /// The persisted-query id: the SHA-256 of `text`.
    public var id: String?
    /// Variables only the store uses (declarative edits' `connections`); never sent.
    public var clientVariables: [String]
    /// The text has `@defer` or `@stream`: the response may come in several parts
    /// (`multipart/mixed` over HTTP).
    public var isIncremental: Bool

    /// An operation of client schema extensions only: nothing to send, the store answers it.
    public var isClientOnly: Bool { text == nil && id == nil }

    public init(
        name: String, operationKind: OperationKind, text: String?, id: String?, clientVariables: [String] = [],
        isIncremental: Bool = false
    ) {
        self.name = name
        self.operationKind = operationKind
        self.text = text
        self.id = id
        self.clientVariables = clientVariables
        self.isIncremental = isIncremental
    }
}

/// A generated operation's description: how to read its data, how to store its response, and
/// how to send it.
public struct ConcreteRequest: Hashable, Sendable {
    public var fragment: ReaderFragment
    public var operation: NormalizationOperation
    public var params: RequestParameters
    /// For an `@relay_test_operation`: each selected field's schema type by response-key path
    /// (`viewer.todos.edges.node.text`), which `MockPayloadGenerator` fills values by. Empty
    /// for other operations.
    public var testSelectionTypes: [String: MockSelectionType]
    /// Why the generated node could not be read, when it could not (`init(json:)`); executing the
    /// operation then fails with `RelayError.invalidArtifact`.
    public var artifactProblem: String?

    public init(
        fragment: ReaderFragment, operation: NormalizationOperation, params: RequestParameters,
        testSelectionTypes: [String: MockSelectionType] = [:]
    ) {
        self.fragment = fragment
        self.operation = operation
        self.params = params
        self.testSelectionTypes = testSelectionTypes
    }
}

/// A selected field's schema type, as an `@relay_test_operation`'s artifact records it (after
/// Relay's `relayTestingSelectionTypeInfo`).
public struct MockSelectionType: Hashable, Sendable {
    /// The named type: `String`, `DateTime`, `TodoStatus`, `User`.
    public var type: String
    /// A list of them.
    public var plural: Bool
    public var nullable: Bool
    /// The values of an enum type, in schema order; empty for other types.
    public var enumValues: [String]

    public init(type: String, plural: Bool = false, nullable: Bool = true, enumValues: [String] = []) {
        self.type = type
        self.plural = plural
        self.nullable = nullable
        self.enumValues = enumValues
    }
}

/// A generated query, mutation or subscription type.
public protocol Operation: Sendable {
    associatedtype Variables: VariableDataConvertible
    associatedtype Data: SelectionValue & Hashable & Sendable
    var variables: Variables { get }
    init(variables: Variables)
    static var node: ConcreteRequest { get }
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
    /// and the operation's declared default for each one left out (Relay's
    /// `getOperationVariables`).
    public var operationVariables: VariableData {
        var variables = self.variables.variableData
        for (name, value) in Self.node.operation.variableDefaults where variables.fields[name] == nil {
            variables.fields[name] = value
        }
        return variables
    }
}
