import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// The compiler's intermediate representation: a project's validated documents resolved against
/// the schema. Every field knows its schema type, values are plain data, and directives stay on
/// their nodes until a transform gives them meaning. Transforms rewrite it; code generation
/// reads it. Nothing here refers back to the syntax tree except source locations for diagnostics.
public struct IRProgram: Hashable, Sendable {
    /// Sorted by name, so that everything downstream is independent of file order.
    public var operations: [IROperation]
    /// Sorted by name.
    public var fragments: [IRFragment]

    public init(operations: [IROperation], fragments: [IRFragment]) {
        self.operations = operations.sorted { $0.name < $1.name }
        self.fragments = fragments.sorted { $0.name < $1.name }
    }

    public func fragment(named name: String) -> IRFragment? {
        fragments.first { $0.name == name }
    }
}

public struct IROperation: Hashable, Sendable {
    public var name: String
    public var kind: OperationType
    /// The schema's root type for `kind`.
    public var rootType: String
    public var variables: [IRVariableDefinition]
    public var directives: [IRDirective]
    public var selections: [IRSelection]
    public var location: SourceLocation
    /// `@relay_test_operation`: the artifact carries each selected field's schema type, for
    /// the mock payload generator.
    public var isTestOperation = false
    /// `@raw_response_type`: the artifact has a `RawResponse` type describing the whole server
    /// response, which typed optimistic responses and payloads use.
    public var hasRawResponseType = false
    /// A `@required` field directly under the root may bubble its null up to the whole data.
    public var childrenCanBubbleNull = false
    /// `@catch(to:)` on the operation: errors anywhere in its data are caught there.
    package var catchTo: CatchTo? = nil
    /// `@throwOnFieldError`: a field in error fails the read; `@semanticNonNull` fields are
    /// non-optional.
    public var throwOnFieldError = false
    /// `@updatable` (a query): never sent; it reads and writes the store with typed setters
    /// (`readUpdatableQuery`).
    public var isUpdatable = false
}

public struct IRFragment: Hashable, Sendable {
    public var name: String
    public var typeCondition: String
    /// Local variables from `@argumentDefinitions`, filled in by a transform.
    public var argumentDefinitions: [IRVariableDefinition]
    public var directives: [IRDirective]
    public var selections: [IRSelection]
    public var location: SourceLocation
    /// `@relay(plural: true)`: the fragment reads a list of records.
    public var isPlural = false
    /// `@refetchable(queryName:)`: the query generated to refetch the fragment.
    public var refetchQueryName: String?
    /// `@refetchable(directives:)`: server directives the refetch query carries (`@owner(…)`).
    public var refetchQueryDirectives: [IRDirective] = []
    /// `@refetchable(preferFetchable: true)`: a `@fetchable` type that also implements Node is
    /// refetched through its `fetch__Type` field rather than `node(id:)`.
    public var refetchPrefersFetchable = false
    /// `@inline`: the fragment's data is read with its parent's and carried in the key, so any
    /// code can read it synchronously (Relay's `readInlineData`).
    public var isInline = false
    /// A `@required` field directly under the root may bubble its null up to the whole data.
    public var childrenCanBubbleNull = false
    /// `@catch(to:)` on the fragment: errors anywhere in its data are caught there.
    package var catchTo: CatchTo? = nil
    /// The provided variables it reads, by their global names (`ProvidedVariablesTransform`):
    /// every operation reaching it declares them.
    public var providedVariables: [IRVariableDefinition] = []
    /// `@throwOnFieldError`: a field in error fails the read; `@semanticNonNull` fields are
    /// non-optional.
    public var throwOnFieldError = false
    /// `@updatable`: read and written with typed setters (`readUpdatableFragment`) through the
    /// key of a query or fragment that spreads it; the server sees `__typename` in its place.
    public var isUpdatable = false
    /// `@assignable`: a record of its type, from a query or fragment that spreads it, may be
    /// assigned to a linked field of an updatable query or fragment that spreads it too.
    public var isAssignable = false
}

public struct IRVariableDefinition: Hashable, Sendable {
    public var name: String
    public var type: TypeRef
    public var defaultValue: IRValue?
    public var location: SourceLocation
    /// A provided variable's provider (`@argumentDefinitions(x: {type:, provider: "Flags"})`):
    /// the Swift type whose `get()` the runtime calls for its value.
    public var provider: String? = nil
}

public indirect enum IRSelection: Hashable, Sendable {
    case scalarField(IRScalarField)
    case linkedField(IRLinkedField)
    case inlineFragment(IRInlineFragment)
    case fragmentSpread(IRFragmentSpread)
    /// Selections that apply when a variable (or constant) has `passingValue`; made from
    /// `@include` / `@skip` by a transform.
    case condition(IRCondition)
}

/// A field whose type is a scalar or an enum.
public struct IRScalarField: Hashable, Sendable {
    public var alias: String?
    public var name: String
    /// The type the field is selected on (for its description, deprecation and arguments).
    public var parentType: String
    public var type: TypeRef
    public var arguments: [IRArgument]
    public var directives: [IRDirective]
    public var location: SourceLocation
    /// `@deleteRecord` / `@deleteEdge`: the store edit the field's value (ids) asks for.
    public var storeEdit: IRStoreEdit? = nil
    /// `@__clientField(handle:)`: app handlers that run on the field after normalization.
    public var handles: [IRFieldHandle] = []
    /// `@required(action:)`: a null makes the enclosing object null instead.
    public var required: IRRequired? = nil
    /// `@catch(to:)`: errors found in the field stay in it.
    package var catchTo: CatchTo? = nil
    /// A Relay Resolver computes the field (`@relay_resolver` on its schema field): the reader
    /// calls it; the server and the store's normalization never see the field.
    public var resolver: IRResolver? = nil
    /// The type code reads where the field's errors are handled (`@throwOnFieldError`, `@catch`):
    /// `type` with its `@semanticNonNull` levels non-null; nil elsewhere.
    public var semanticType: TypeRef? = nil

    public var responseKey: String { alias ?? name }
}

/// A field whose type is an object, interface or union.
public struct IRLinkedField: Hashable, Sendable {
    public var alias: String?
    public var name: String
    /// The type the field is selected on.
    public var parentType: String
    public var type: TypeRef
    public var arguments: [IRArgument]
    public var directives: [IRDirective]
    public var selections: [IRSelection]
    public var location: SourceLocation
    /// `@connection(key:filters:)`: the field is a paginated connection stored under a key.
    public var connection: IRConnection?
    /// `@appendEdge` / `@prependEdge` / `@appendNode` / `@prependNode`: the store edit the
    /// field's value (edges or nodes) asks for.
    public var storeEdit: IRStoreEdit? = nil
    /// `@__clientField(handle:)`: app handlers that run on the field after normalization.
    public var handles: [IRFieldHandle] = []
    /// `@required(action:)`: a null makes the enclosing object null instead.
    public var required: IRRequired? = nil
    /// A `@required` child may bubble its null up to this field's value, so code reads it as
    /// optional even when the schema says it is never null.
    public var childrenCanBubbleNull = false
    /// `@catch(to:)`: errors found in the field stay in it.
    package var catchTo: CatchTo? = nil
    /// The type code reads where the field's errors are handled (`@throwOnFieldError`, `@catch`):
    /// `type` with its `@semanticNonNull` levels non-null; nil elsewhere.
    public var semanticType: TypeRef? = nil
    /// A client edge (`@waterfall`): a Relay Resolver gives the id of the server record the
    /// field's selections are read from, and `ClientEdgeQuery_…`, this query, fetches them.
    public var clientEdgeQuery: String? = nil
    /// The Relay Resolver of a client edge, once `RelayResolversTransform` has read it.
    public var resolver: IRResolver? = nil

    public var responseKey: String { alias ?? name }
}

/// `@__clientField(handle:key:filters:)` (Relay's field handles): after a response is
/// normalized, the app's handler for `handle` writes the field's value where readers read it,
/// `__<key or field name>_<handle>`.
public struct IRFieldHandle: Hashable, Sendable {
    public var handle: String
    public var key: String
    /// The field arguments readers keep (none when nil).
    public var filters: [String]?

    /// The field readers read: `__<key>_<handle>`, or `__<field>_<handle>` without a key.
    public func fieldName(for field: String) -> String {
        "__" + (key.isEmpty ? field : key) + "_" + handle
    }

    /// Of the field's arguments, those readers keep: the `filters`.
    public func filterArguments(_ arguments: [IRArgument]) -> [IRArgument] {
        guard let filters else { return [] }
        return arguments.filter { filters.contains($0.name) }
    }
}

public struct IRConnection: Hashable, Sendable {
    public var key: String
    /// The field arguments that identify one connection (all but the paging ones when nil).
    public var filters: [String]?
    /// `@connection(handler:)`: the handler that merges pages, `connection` (the runtime's) unless
    /// an app's `CustomFieldHandler` does.
    public var handler: String
    /// `@stream_connection`: the server streams the edges and defers `pageInfo`.
    public var stream: IRConnectionStream? = nil
    /// `@connection(dynamicKey_UNSTABLE:)`: a value (usually a variable) that tells apart
    /// connections of one field and key, as the store's `__dynamicKey` argument of the handle
    /// field; it is never sent to the server.
    public var dynamicKey: IRValue? = nil
    /// `@connection(prefetchable_pagination: true)`: meant to be read ahead (Relay's
    /// `usePrefetchableForwardPaginationFragment`). The generated code needs nothing more:
    /// `ObservedPaginationFragment`'s `prefetch` reads any forward connection ahead.
    public var isPrefetchable = false

    public init(key: String, filters: [String]?, handler: String = "connection") {
        self.key = key
        self.filters = filters
        self.handler = handler
    }

    /// True when the runtime's own handler keeps the connection (pagination can page it).
    public var isBuiltIn: Bool { handler == HandleKind.connection.rawValue }

    /// The field under which the store keeps the connection that pagination and updaters grow
    /// (`__<key>_connection`, named by the runtime's own rule), or `__<key>_<handler>` where an
    /// app's handler keeps it.
    public var handleFieldName: String {
        isBuiltIn ? ConnectionHandler.handleFieldName(key: key) : "__\(key)_\(handler)"
    }

    /// Of the field's arguments, those that identify the connection (the runtime's rule), and
    /// the dynamic key.
    public func filterArguments(_ arguments: [IRArgument], of field: IRLinkedField) -> [IRArgument] {
        let dynamic = dynamicKey.map {
            IRArgument(
                name: ConnectionHandler.dynamicKeyArgument, value: $0, type: .named("String"), location: field.location)
        }
        return arguments.filter { ConnectionHandler.isFilter($0.name, filters: filters) } + [dynamic].compactMap { $0 }
    }
}

/// `@stream_connection(initial_count:, if:)`: Relay's streamed connection. Its `edges` carry
/// `@stream` (labelled by the connection's key) from the start; `ConnectionFieldsTransform` wraps
/// `pageInfo` in an inline fragment deferred with `pageInfoLabel`, so the cursor arrives once
/// the last edge has.
public struct IRConnectionStream: Hashable, Sendable {
    /// `if:`, which turns the deferral of `pageInfo` off with the stream.
    public var condition: IRArgument?
    /// `<document>$defer$<key>$pageInfo`, set by `DeferStreamTransform`, which knows the document.
    public var pageInfoLabel = ""
}

/// `@required(action:)` on a field: what a null there does (Relay's `RequiredField`). The
/// field's Swift type becomes non-optional; a null bubbles to the nearest parent that may be
/// null (`none`, `log`) or fails the read (`throw`).
public struct IRRequired: Hashable, Sendable {
    /// By severity, as Relay orders them.
    public enum Action: Int, Hashable, Sendable, Comparable {
        case none, log, `throw`

        public static func < (lhs: Action, rhs: Action) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The name in the directive and in artifacts (`NONE`, `LOG`, `THROW`).
        public var name: String {
            switch self {
            case .none: "NONE"
            case .log: "LOG"
            case .throw: "THROW"
            }
        }
    }

    public var action: Action
    /// Response keys from the document's root to the field (`viewer.name`), for messages.
    public var path: String

    public init(action: Action, path: String) {
        self.action = action
        self.path = path
    }
}

/// A declarative store edit on a mutation's (or subscription's) field: the runtime handler its
/// directive names and the directive's arguments, which only the store sees.
public struct IRStoreEdit: Hashable, Sendable {
    /// One of `HandleKind.storeEdits`.
    package var handler: HandleKind
    /// `connections` (a variable or a list) and, for the node handlers, `edgeTypeName`.
    public var arguments: [IRArgument]

    package init(handler: HandleKind, arguments: [IRArgument]) {
        self.handler = handler
        self.arguments = arguments
    }
}

public struct IRInlineFragment: Hashable, Sendable {
    /// The type condition; the parent type when the document omits it.
    public var typeCondition: String
    public var directives: [IRDirective]
    public var selections: [IRSelection]
    public var location: SourceLocation
    /// False when the document omits the type condition (`... @include(if: $x) { … }`).
    public var hasTypeCondition = true
    /// `@alias`: the selections are read into a property of their own.
    public var alias: IRFragmentAlias? = nil
    /// A spread of an `@inline` fragment, in the reader program: the selections (one inline
    /// fragment on the fragment's type) are read into the key the parent's data carries.
    public var inlineData: IRInlineDataSpread? = nil
    /// Made from a `@module` spread: the spread and its two `js` fields (`MatchTransform`).
    public var moduleImport: IRModuleImport? = nil
}

/// A `@module` spread (Relay's `ModuleImport`): one branch of a data-driven match. The server
/// answers its two `js` fields with the branch's component and normalization names when it
/// chose the branch, and null when it did not; the fragment's data comes only with them.
public struct IRModuleImport: Hashable, Sendable {
    /// `@match(key:)`, or the name of the document the spread is in: the `js` fields' aliases
    /// are `__module_component_<key>` and `__module_operation_<key>`.
    public var key: String
    public var fragmentName: String
    /// `@module(name:)`: the component that renders the branch.
    public var componentName: String
    /// A branch of a `@match` field (not a standalone `@module` spread).
    public var isMatchBranch: Bool
    /// A fragment on a client type (Relay's client 3D): the reader names the component itself,
    /// no `js` field is asked for.
    public var isClient: Bool

    public init(
        key: String, fragmentName: String, componentName: String, isMatchBranch: Bool = false, isClient: Bool = false
    ) {
        self.key = key
        self.fragmentName = fragmentName
        self.componentName = componentName
        self.isMatchBranch = isMatchBranch
        self.isClient = isClient
    }

    /// The response key of the field that names the component.
    public var componentField: String { Self.componentPrefix + key }
    /// The response key of the field that names the branch's normalization (non-null exactly
    /// when the server sent the branch).
    public var operationField: String { Self.operationPrefix + key }

    static let componentPrefix = "__module_component_"
    static let operationPrefix = "__module_operation_"
}

/// Where a reader reads an `@inline` fragment's data for its key (Relay's
/// `InlineDirectiveMetadata`): the fragment, and the variables its selections read.
public struct IRInlineDataSpread: Hashable, Sendable {
    public var fragmentName: String
    /// `@arguments` of the spread.
    public var arguments: [IRArgument]
    /// The fragment's `@argumentDefinitions`, for the defaults of arguments the spread leaves out.
    public var argumentDefinitions: [IRVariableDefinition]

    public init(fragmentName: String, arguments: [IRArgument], argumentDefinitions: [IRVariableDefinition]) {
        self.fragmentName = fragmentName
        self.arguments = arguments
        self.argumentDefinitions = argumentDefinitions
    }
}

/// An aliased inline fragment or fragment spread (Relay's `@alias`): its selections become one
/// property of the parent's data, nil where the type condition does not match.
public struct IRFragmentAlias: Hashable, Sendable {
    /// The property's name: `as:`, or the fragment's name, or the type condition.
    public var name: String
    /// The type of the selection the alias is written in: the alias always matches when that
    /// type is the type condition or one of its members or implementations.
    public var selectionType: String
    /// True when every value there matches the type condition and no `@include`/`@skip` holds
    /// the alias: the property is then never nil.
    public var alwaysMatches: Bool
    /// Made from an aliased fragment spread: the inline fragment holds exactly that spread.
    public var wrapsSpread: Bool
    /// A `@required` field inside may bubble its null up to the alias.
    public var childrenCanBubbleNull = false
    /// `@catch(to:)` on the aliased inline fragment: errors found in it stay in it.
    package var catchTo: CatchTo? = nil
    /// A spread with `@defer`: the property stays nil until the fragment's data has arrived.
    public var deferred: IRDeferredSpread? = nil
}

/// A spread with `@defer`, as the reader sees it: the property that holds its key is nil until
/// the fragment's own fields are in the store (its deferred payload arrived, or the server sent
/// them at once). The reader checks that with the fragment's selections, read with the
/// variables the spread gives it.
public struct IRDeferredSpread: Hashable, Sendable {
    public var fragmentName: String
    /// The fragment's `@argumentDefinitions`, for the defaults of arguments the spread leaves out.
    public var argumentDefinitions: [IRVariableDefinition]
    /// The fragment's reader selections; filled in by `DeferredSpreadsTransform`.
    public var selections: [IRSelection]

    public init(fragmentName: String, argumentDefinitions: [IRVariableDefinition], selections: [IRSelection] = []) {
        self.fragmentName = fragmentName
        self.argumentDefinitions = argumentDefinitions
        self.selections = selections
    }
}

public struct IRFragmentSpread: Hashable, Sendable {
    public var name: String
    /// Values passed with `@arguments`, filled in by a transform.
    public var arguments: [IRArgument]
    public var directives: [IRDirective]
    public var location: SourceLocation
    /// `@relay(mask: false)`: the parent reads the fragment's fields as its own.
    public var isUnmasked = false
}

public struct IRCondition: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case variable(String)
        case constant(Bool)
    }

    public var value: Value
    public var passingValue: Bool
    public var selections: [IRSelection]
    public var location: SourceLocation
}

public struct IRArgument: Hashable, Sendable {
    public var name: String
    public var value: IRValue
    /// The type the schema declares for the argument (nil for arguments the schema does not
    /// declare, such as `@arguments`' own).
    public var type: TypeRef?
    public var location: SourceLocation
}

public struct IRDirective: Hashable, Sendable {
    public var name: String
    public var arguments: [IRArgument]
    public var location: SourceLocation

    public func argument(_ name: String) -> IRArgument? {
        arguments.first { $0.name == name }
    }
}

/// An input value. Numbers keep their source text so that printing and storage keys reproduce
/// exactly what the user wrote.
public indirect enum IRValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(String)
    case float(String)
    case string(String)
    case enumValue(String)
    case variable(String)
    case list([IRValue])
    case object([IRObjectField])

    /// True when no variable occurs in the value, so it can be evaluated at compile time.
    public var isConstant: Bool {
        switch self {
        case .variable: false
        case .list(let items): items.allSatisfy(\.isConstant)
        case .object(let fields): fields.allSatisfy(\.value.isConstant)
        default: true
        }
    }
}

public struct IRObjectField: Hashable, Sendable {
    public var name: String
    public var value: IRValue

    public init(name: String, value: IRValue) {
        self.name = name
        self.value = value
    }
}

extension IRLinkedField {
    /// The directions a connection field pages in, as Relay reads them from its arguments:
    /// forward with `first` or `after`, backward with `last` or `before`.
    public var pagingDirections: (forward: Bool, backward: Bool) {
        let names = Set(arguments.map(\.name))
        return (names.contains("first") || names.contains("after"), names.contains("last") || names.contains("before"))
    }

    /// The variable the argument `name` is given, if it is given one.
    public func variable(passedAs name: String) -> String? {
        guard case .variable(let variable)? = arguments.first(where: { $0.name == name })?.value else { return nil }
        return variable
    }
}

/// The Relay Resolver behind a field (Relay's `RelayResolver` reader node): its name
/// (`Type.field`), the fragment it reads on the field's record, and the Swift function that
/// computes the field.
public struct IRResolver: Hashable, Sendable {
    public var name: String
    public var fragmentName: String?
    /// `import_name`, or the field's name.
    public var functionName: String

    public init(name: String, fragmentName: String?, functionName: String) {
        self.name = name
        self.fragmentName = fragmentName
        self.functionName = functionName
    }
}
