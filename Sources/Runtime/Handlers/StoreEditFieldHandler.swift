@_spi(RelayGenerated) import RelayContract

/// The declarative edits (`@deleteRecord`, `@deleteEdge`, `@appendEdge`, `@prependEdge`,
/// `@appendNode`, `@prependNode`): normalization records a `DeclarativeEdit` with the ids the
/// field's value holds; it runs like an updater once the response's records are written.
struct StoreEditFieldHandler: FieldHandler {
    func normalize(_ handle: NormalizationHandle, on parent: DataID, into normalizer: inout Normalizer) {
        let key = storageKey(fieldName: handle.name, arguments: handle.args, variables: normalizer.variables)
        let ids: [DataID] =
            switch normalizer.changes[parent]?[key] {
            case .link(let id?)?: [id]
            case .links(let ids)?: ids.compactMap { $0 }
            case .scalar(let value)?: value.dataIDs
            default: []
            }
        guard !ids.isEmpty,
            let edit = DeclarativeEdit(handle: handle, records: ids, variables: normalizer.variables)
        else { return }
        normalizer.edits.append(edit)
    }

    /// An edit keeps no record reachable: the field it is on is followed as any field.
    func reachable(
        through handle: NormalizationHandle, in record: Record, siblings: [NormalizationSelection],
        variables: VariableData
    ) -> (value: Record.Value?, selections: [NormalizationSelection])? {
        nil
    }
}
