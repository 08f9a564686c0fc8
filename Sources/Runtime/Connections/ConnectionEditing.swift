@_spi(RelayGenerated) import RelayContract

/// Editing `@connection`s from updaters, as Relay's `ConnectionHandler` does: find a
/// connection, make an edge for a node, insert it at either end (or next to a cursor), and
/// remove a node's edges. Declarative `@appendEdge`, `@prependEdge`, `@appendNode`,
/// `@prependNode` and `@deleteEdge` use the same functions, so both paths edit alike.
extension ConnectionHandler {
    /// The id of the client connection `@connection(key:)` keeps under record `recordID`, e.g.
    /// for the `connections` argument of `@appendEdge`. `filters` are the identifying
    /// arguments' values, as in the `@connection` field.
    public static func getConnectionID(
        _ recordID: DataID, key: String, filters: [String: VariableValue] = [:]
    ) -> DataID {
        clientConnectionID(parent: recordID, handleKey: handleKey(key: key, filters: filters))
    }

    /// The id the store gives the client connection under `parent` (shared with normalization).
    static func clientConnectionID(parent: DataID, handleKey: String) -> DataID {
        .client(parent: parent, storageKey: handleKey)
    }

    /// The connection `@connection(key:)` keeps on `record`; nil when the store has none yet.
    public static func getConnection(
        _ record: RecordProxy, key: String, filters: [String: VariableValue] = [:]
    ) -> RecordProxy? {
        record.getLinkedRecord(handleFieldName(key: key), arguments: filters)
    }

    /// A new edge of type `edgeType` for `node`, to insert into `connection`. Its id is
    /// derived from the connection and a counter kept on it, so replaying an optimistic
    /// updater on a new base yields the same ids.
    @discardableResult
    public static func createEdge(
        _ store: RecordSourceSelectorProxy, connection: RecordProxy, node: RecordProxy, edgeType: String
    ) -> RecordProxy {
        let edge = store.create(dataID: nextEdgeID(connection), typename: edgeType)
        edge.setLinkedRecord(node, "node")
        // A client edge has no cursor; null, not absent, so that reading `cursor` is not
        // missing data (as Relay's `createEdge`).
        edge.setValue(.null, "cursor")
        return edge
    }

    /// A copy of `edge` (a server edge from a response) owned by `connection`, so later
    /// responses that reuse the server edge's id do not change the connection.
    @discardableResult
    static func buildConnectionEdge(
        _ store: RecordSourceSelectorProxy, connection: RecordProxy, edge: RecordProxy
    ) -> RecordProxy {
        let copy = store.create(dataID: nextEdgeID(connection), typename: edge.typename ?? "Edge")
        copy.copyFields(from: edge)
        return copy
    }

    /// The counter a connection keeps to number the edges it owns.
    static let nextEdgeIndexField = "__connection_next_edge_index"

    /// The id of the edge numbered `index` that `connection` owns (its copies of server edges and
    /// the edges built for it), shared by updaters and normalization.
    static func edgeID(_ connection: DataID, index: Int) -> DataID {
        .client(parent: connection, storageKey: "edges", index: index)
    }

    private static func nextEdgeID(_ connection: RecordProxy) -> DataID {
        let index = if case .int(let index)? = connection.getValue(nextEdgeIndexField) { index } else { 0 }
        connection.setValue(.int(index + 1), nextEdgeIndexField)
        return edgeID(connection.dataID, index: index)
    }

    /// Inserts `edge` after the edge whose cursor is `cursor`, or at the end.
    public static func insertEdgeAfter(_ connection: RecordProxy, edge: RecordProxy, cursor: String? = nil) {
        insert(edge, into: connection) { edges in
            edgeIndex(in: edges, cursor: cursor).map { $0 + 1 } ?? edges.endIndex
        }
    }

    /// Inserts `edge` before the edge whose cursor is `cursor`, or at the start.
    public static func insertEdgeBefore(_ connection: RecordProxy, edge: RecordProxy, cursor: String? = nil) {
        insert(edge, into: connection) { edges in edgeIndex(in: edges, cursor: cursor) ?? edges.startIndex }
    }

    private static func insert(
        _ edge: RecordProxy, into connection: RecordProxy, at position: ([RecordProxy?]) -> Int
    ) {
        var edges = connection.getLinkedRecords("edges") ?? []
        edges.insert(edge, at: position(edges))
        connection.setLinkedRecords(edges, "edges")
    }

    /// The index of the edge whose cursor is `cursor`; nil without a cursor or such an edge.
    private static func edgeIndex(in edges: [RecordProxy?], cursor: String?) -> Int? {
        cursor.flatMap { cursor in edges.firstIndex { $0?.getValue("cursor") == .string(cursor) } }
    }

    /// Removes every edge of `connection` whose node is `nodeID`.
    public static func deleteNode(_ connection: RecordProxy, nodeID: DataID) {
        guard let edges = connection.getLinkedRecords("edges") else { return }
        let kept = edges.filter { $0?.getLinkedRecord("node")?.dataID != nodeID }
        if kept.count != edges.count { connection.setLinkedRecords(kept, "edges") }
    }

    /// Whether some edge of `connection` has the node `nodeID`.
    static func contains(_ connection: RecordProxy, nodeID: DataID) -> Bool {
        connection.getLinkedRecords("edges")?.contains { $0?.getLinkedRecord("node")?.dataID == nodeID } ?? false
    }
}
