@_spi(RelayGenerated) import RelayContract

/// What the runtime does for a field that carries a normalization handle (`@connection`, the
/// declarative edits), after relay-runtime's handler provider. Normalization and garbage
/// collection find a handle's handler here, by its `HandleKind`, and nowhere else.
protocol FieldHandler: Sendable {
    /// Called once the field `handle` names is written on `parent`: the handler adds the records
    /// or store edits the field asks for.
    func normalize(_ handle: NormalizationHandle, on parent: DataID, into normalizer: inout Normalizer)

    /// What garbage collection follows from `record` for this handle: the value holding the
    /// records it keeps reachable and the selections to go on with; nil when it keeps none.
    /// `siblings` are the selections the handle is among.
    func reachable(
        through handle: NormalizationHandle, in record: Record, siblings: [NormalizationSelection],
        variables: VariableData
    ) -> (value: Record.Value?, selections: [NormalizationSelection])?
}

/// The handlers an environment runs, after relay-runtime's `handlerProvider`: the built-in ones
/// for the handles the compiler writes (`@connection`'s and the declarative edits'), found by
/// their `HandleKind`, and the app's, found by name for any other handle. Normalization, garbage
/// collection and the availability check find a handle's handler here and nowhere else.
struct FieldHandlers: Sendable {
    /// The app's handlers by handle name (Relay's `handlerProvider`); asked only for names no
    /// built-in handler has.
    var provider: (@Sendable (String) -> (any CustomFieldHandler)?)?

    /// The built-in handlers alone.
    static let builtIn = FieldHandlers(provider: nil)

    static func handler(for kind: HandleKind) -> any FieldHandler {
        switch kind {
        case .connection: ConnectionFieldHandler()
        case .deleteRecord, .deleteEdge, .appendEdge, .prependEdge, .appendNode, .prependNode:
            StoreEditFieldHandler()
        }
    }

    /// The handler of `handle`; nil for a name neither this runtime nor the app knows (skipped).
    func handler(for handle: NormalizationHandle) -> (any FieldHandler)? {
        if let kind = handle.handler { return Self.handler(for: kind) }
        return provider?(handle.handle).map(ProvidedFieldHandler.init)
    }
}

/// A handler an app provides for a handle name (Relay's `Handler`): after a response's records
/// are written, it gets the store and where the handled field is, and writes what the field's
/// readers see under `payload.handleKey` (as `@connection`'s handler keeps the client connection
/// there). It runs like an updater, so an optimistic response's handlers run again on whatever
/// base its layer lands on, and roll back with it.
public protocol CustomFieldHandler: Sendable {
    func update(_ store: RecordSourceSelectorProxy, _ payload: HandleFieldPayload)
}

/// Where a handled field is (Relay's `HandleFieldPayload`).
public struct HandleFieldPayload: Hashable, Sendable {
    /// The record holding the field.
    public var dataID: DataID
    /// The storage key under which the server's value was written.
    public var fieldKey: String
    /// The handler's name.
    public var handle: String
    /// The storage key the handler writes what readers see under: `__<key>_<handle>` (the
    /// field's name when the handle has no key), with the field's filter arguments.
    public var handleKey: String
    /// The field's arguments, with the operation's variables.
    public var args: VariableData
    /// The handle's own arguments.
    public var handleArgs: VariableData

    public init(
        dataID: DataID, fieldKey: String, handle: String, handleKey: String, args: VariableData = [:],
        handleArgs: VariableData = [:]
    ) {
        self.dataID = dataID
        self.fieldKey = fieldKey
        self.handle = handle
        self.handleKey = handleKey
        self.args = args
        self.handleArgs = handleArgs
    }
}

/// An app's handler as normalization runs it: the payload is noted while the response is
/// written, and the handler runs with the updaters once it is (`NormalizedPayload.handled`).
struct ProvidedFieldHandler: FieldHandler {
    let handler: any CustomFieldHandler

    init(_ handler: any CustomFieldHandler) {
        self.handler = handler
    }

    func normalize(_ handle: NormalizationHandle, on parent: DataID, into normalizer: inout Normalizer) {
        let variables = normalizer.variables
        func values(_ arguments: [ArgumentNode]) -> VariableData {
            VariableData(
                Dictionary(
                    arguments.map { ($0.name, $0.value(with: variables)) }, uniquingKeysWith: { _, last in last }))
        }
        let payload = HandleFieldPayload(
            dataID: parent, fieldKey: storageKey(fieldName: handle.name, arguments: handle.args, variables: variables),
            handle: handle.handle, handleKey: Self.handleKey(handle, variables: variables), args: values(handle.args),
            handleArgs: values(handle.handleArgs))
        normalizer.handled.append(HandledField(handler: handler, payload: payload))
    }

    /// Relay's handle storage key: `__<key or field name>_<handle>`, with the filter arguments.
    static func handleKey(_ handle: NormalizationHandle, variables: VariableData) -> String {
        let name = "__\(handle.key.isEmpty ? handle.name : handle.key)_\(handle.handle)"
        let filters = handle.args.filter { handle.filters?.contains($0.name) ?? false }
        return storageKey(fieldName: name, arguments: filters, variables: variables)
    }

    /// What the handler wrote under the handle key, followed with the selections of the field
    /// it handles, as relay-runtime's reference marker does.
    func reachable(
        through handle: NormalizationHandle, in record: Record, siblings: [NormalizationSelection],
        variables: VariableData
    ) -> (value: Record.Value?, selections: [NormalizationSelection])? {
        (record[Self.handleKey(handle, variables: variables)], handle.handledField(among: siblings)?.selections ?? [])
    }
}

extension NormalizationHandle {
    /// The field the handle belongs to, among the selections it is in: what a handler writes
    /// under the handle key has that field's shape.
    func handledField(among siblings: [NormalizationSelection]) -> NormalizationLinkedField? {
        for case .linkedField(let field) in siblings where field.name == name && field.alias == alias {
            return field
        }
        return nil
    }
}

/// An app's handler and the field it handles in one response.
struct HandledField: Sendable {
    let handler: any CustomFieldHandler
    let payload: HandleFieldPayload
}
