/// `@connection`: keeps the client connection (`__<key>_connection`) that readers see. A first
/// page replaces its edges; a page fetched `after` a cursor is appended, one `before` a cursor
/// prepended. Pagination and updaters only ever touch this record.
struct ConnectionFieldHandler: FieldHandler {
    func normalize(_ handle: NormalizationHandle, on parent: DataID, into normalizer: inout Normalizer) {
        let variables = normalizer.variables
        let serverKey = storageKey(fieldName: handle.name, arguments: handle.args, variables: variables)
        let handleKey = ConnectionHandler.handleKey(handle, variables: variables)
        guard case .link(let serverID)? = normalizer.changes[parent]?[serverKey] else { return }
        guard let serverID, let server = normalizer.changes[serverID] else {
            return normalizer.set(.link(nil), key: handleKey, on: parent)
        }
        let clientID = ConnectionHandler.clientConnectionID(parent: parent, handleKey: handleKey)
        let previous = normalizer.existing[clientID]
        var client = Record(id: clientID, typename: server.typename)
        for (key, value) in server.fields where key != "edges" { client[key] = value }
        let newEdges: [DataID?] = if case .links(let edges)? = server["edges"] { edges } else { [] }
        let oldEdges: [DataID?] = if case .links(let edges)? = previous?["edges"] { edges } else { [] }
        let after = handle.args.first { $0.name == "after" }?.value(with: variables) ?? .null
        let before = handle.args.first { $0.name == "before" }?.value(with: variables) ?? .null
        if previous != nil, after != .null {
            client["edges"] = .links(oldEdges + newEdges)
        } else if previous != nil, before != .null {
            client["edges"] = .links(newEdges + oldEdges)
        } else {
            client["edges"] = .links(newEdges)
        }
        normalizer.changes[clientID] = client
        normalizer.set(.link(clientID), key: handleKey, on: parent)
    }

    /// The client connection, which has the server connection's shape: it is followed with the
    /// selections of the server field the handle belongs to.
    func reachable(
        through handle: NormalizationHandle, in record: Record, siblings: [NormalizationSelection],
        variables: VariableData
    ) -> (value: RecordValue?, selections: [NormalizationSelection])? {
        let field = siblings.lazy.compactMap { selection -> NormalizationLinkedField? in
            guard case .linkedField(let field) = selection, field.name == handle.name, field.alias == handle.alias
            else { return nil }
            return field
        }.first
        return (record[ConnectionHandler.handleKey(handle, variables: variables)], field?.selections ?? [])
    }
}
