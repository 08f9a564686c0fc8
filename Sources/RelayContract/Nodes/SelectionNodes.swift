/// The node types: what a generated type's `node` describes, defined once for the compiler,
/// which builds them and writes them with `NodeEncoder`, and the runtime, which reads them back
/// with `NodeDecoder` (`NodeFormat` holds every kind and key the JSON spells).

/// A scalar field. The reader and normalization sides describe scalar fields alike.
@_spi(RelayGenerated) public struct ScalarFieldSelection: Hashable, Sendable {
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
@_spi(RelayGenerated) public struct RequiredField: Hashable, Sendable {
    public enum Action: String, CaseIterable, Hashable, Sendable {
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
@_spi(RelayGenerated) public struct LinkedFieldSelection<Selection: Hashable & Sendable>: Hashable, Sendable {
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
@_spi(RelayGenerated) public struct InlineFragmentSelection<Selection: Hashable & Sendable>: Hashable, Sendable {
    /// The type condition.
    public var type: String
    public var selections: [Selection]
    /// A `@module` branch, in a normalization node (Relay's `ModuleImport`): the response key of
    /// the field naming the branch's normalization. The server answers it null when it did not
    /// send the branch, and the branch's other fields are then not needed.
    public var moduleOperationField: String?
    /// For an interface or union condition, the object types that meet it (the compiler knows
    /// them from the schema, where Relay asks the server with an `__isX: __typename` field); nil
    /// for an object type, which only records of that type meet.
    public var possibleTypes: Set<String>?

    public init(
        type: String, selections: [Selection], moduleOperationField: String? = nil, possibleTypes: Set<String>? = nil
    ) {
        self.type = type
        self.selections = selections
        self.moduleOperationField = moduleOperationField
        self.possibleTypes = possibleTypes
    }

    /// Whether a record of this type meets the condition, so that every field selected here is
    /// expected on it (missing data when the store lacks one).
    public func applies(to typename: String?) -> Bool {
        guard let typename else { return false }
        return possibleTypes?.contains(typename) ?? (typename == type)
    }
}

// The names generated code uses, as in Relay.swift.
@_spi(RelayGenerated) public typealias ReaderScalarField = ScalarFieldSelection
@_spi(RelayGenerated) public typealias ReaderLinkedField = LinkedFieldSelection<ReaderSelection>
@_spi(RelayGenerated) public typealias ReaderInlineFragment = InlineFragmentSelection<ReaderSelection>
@_spi(RelayGenerated) public typealias NormalizationScalarField = ScalarFieldSelection
@_spi(RelayGenerated) public typealias NormalizationLinkedField = LinkedFieldSelection<NormalizationSelection>
@_spi(RelayGenerated) public typealias NormalizationInlineFragment = InlineFragmentSelection<NormalizationSelection>
