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
    ) -> (value: RecordValue?, selections: [NormalizationSelection])?
}

/// The handler of each kind of normalization handle.
enum FieldHandlers {
    static func handler(for kind: HandleKind) -> any FieldHandler {
        switch kind {
        case .connection: ConnectionFieldHandler()
        case .deleteRecord, .deleteEdge, .appendEdge, .prependEdge, .appendNode, .prependNode:
            StoreEditFieldHandler()
        }
    }

    /// The handler of `handle`; nil for a handler name this runtime does not know (skipped).
    static func handler(for handle: NormalizationHandle) -> (any FieldHandler)? {
        handle.handler.map(handler(for:))
    }
}
