/// What the network needs to send an operation.
public struct RequestParameters: Hashable, Sendable {
    /// Relay's `operationKind`: a network sends a subscription differently.
    public enum OperationKind: String, CaseIterable, Hashable, Sendable {
        case query, mutation, subscription
    }

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
    /// A digest of the schema (and artifact layout) the compiler generated this from: an app's
    /// persisted store is kept under it (`SQLiteRecordStorage.open(path:schemaOf:)`).
    public var schemaHash: String?

    /// An operation of client schema extensions only: nothing to send, the store answers it.
    public var isClientOnly: Bool { text == nil && id == nil }

    public init(
        name: String, operationKind: OperationKind, text: String?, id: String?, clientVariables: [String] = [],
        isIncremental: Bool = false, schemaHash: String? = nil
    ) {
        self.schemaHash = schemaHash
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
@_spi(RelayGenerated) public struct ConcreteRequest: Hashable, Sendable {
    public var fragment: ReaderFragment
    public var operation: NormalizationOperation
    public var params: RequestParameters
    /// For an `@relay_test_operation`, or any operation when the project asks for test support:
    /// each selected field's schema type by response-key path (`viewer.todos.edges.node.text`),
    /// and each variable's under `$name`, which `MockPayloadGenerator` fills values by. Empty
    /// for other operations.
    public var testSelectionTypes: [String: MockSelectionType]
    /// With test support, for an operation with `@defer` or `@stream`: how a server splits its
    /// response into parts, so a test can deliver them in order. Nil otherwise.
    public var testIncremental: MockIncrementalDelivery?
    /// Why the generated node could not be read, when it could not (`init(json:)`); executing the
    /// operation then fails with `RelayError.invalidArtifact`.
    public var artifactProblem: String?

    public init(
        fragment: ReaderFragment, operation: NormalizationOperation, params: RequestParameters,
        testSelectionTypes: [String: MockSelectionType] = [:], testIncremental: MockIncrementalDelivery? = nil
    ) {
        self.fragment = fragment
        self.operation = operation
        self.params = params
        self.testSelectionTypes = testSelectionTypes
        self.testIncremental = testIncremental
    }
}

/// A selected field's schema type, as an `@relay_test_operation`'s artifact records it (after
/// Relay's `relayTestingSelectionTypeInfo`).
@_spi(RelayGenerated) public struct MockSelectionType: Hashable, Sendable {
    /// The named type: `String`, `DateTime`, `TodoStatus`, `User`.
    public var type: String
    /// A list of them.
    public var plural: Bool
    public var nullable: Bool
    /// The values of an enum type, in schema order; empty for other types.
    public var enumValues: [String]
    /// The object types of an interface or union, sorted; empty for other types. A mock picks
    /// its `__typename` among them, as a server sends a concrete type.
    public var possibleTypes: [String]

    public init(
        type: String, plural: Bool = false, nullable: Bool = true, enumValues: [String] = [],
        possibleTypes: [String] = []
    ) {
        self.type = type
        self.plural = plural
        self.nullable = nullable
        self.enumValues = enumValues
        self.possibleTypes = possibleTypes
    }
}

/// Where an operation's `@defer`red fragments and `@stream`ed lists are, as response-key paths
/// from the root (`viewer.allTodos`; a list's items share its path): what a test needs to split
/// a whole generated response into the first payload and the later parts a server sends.
@_spi(RelayGenerated) public struct MockIncrementalDelivery: Hashable, Sendable {
    /// The paths the first payload selects (outside every deferred fragment).
    public var fields: [String]
    /// The deferred fragments and streamed lists, outer before inner, in document order.
    public var parts: [Part]

    public init(fields: [String], parts: [Part]) {
        self.fields = fields
        self.parts = parts
    }

    /// One `@defer` or `@stream`.
    public struct Part: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// A deferred fragment: the paths it selects, from the root (with those of the
            /// fragments it spreads without `@defer`).
            case deferred(fields: [String])
            /// A streamed list: how many items come with the payload that has the list, a number
            /// or a variable's name.
            case streamed(initialCount: InitialCount)
        }

        public enum InitialCount: Hashable, Sendable {
            case literal(Int)
            case variable(String)
        }

        public var kind: Kind
        public var label: String
        /// The object a deferred fragment's fields belong to, or the streamed list field.
        public var path: String
        /// The `Boolean` variable of `if:`; the part is delivered apart only when it is true.
        public var condition: String?
        /// The index of the deferred fragment this part is inside; nil in the first payload.
        public var parent: Int?

        public init(kind: Kind, label: String, path: String, condition: String? = nil, parent: Int? = nil) {
            self.kind = kind
            self.label = label
            self.path = path
            self.condition = condition
            self.parent = parent
        }
    }
}
