@_spi(RelayGenerated) import RelayContract

/// `@connection`: keeps the client connection (`__<key>_connection`) that readers see, as
/// relay-runtime's `ConnectionHandler` does. Pagination and updaters only ever touch it.
///
/// - The first response creates it: the server connection's fields, a copy of each server edge
///   owned by the connection (so a later response reusing a server edge's id cannot change it),
///   and its own `pageInfo` record.
/// - A page fetched `after` the connection's `endCursor` is appended, one `before` its
///   `startCursor` prepended; an edge whose node is already in the connection is not added
///   again. A page from any other cursor (a stale or repeated fetch) is ignored.
/// - A response without `after` or `before` (a refetch from the start) replaces the edges.
/// - `pageInfo`: a refetch replaces it; a forward page updates only `endCursor` and
///   `hasNextPage`, a backward page only `startCursor` and `hasPreviousPage`.
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
        let page = Page(handle: handle, variables: variables)
        let update = ConnectionUpdate(clientID: clientID, server: server, previous: normalizer.current(clientID))
        guard update.apply(page, into: &normalizer) else { return }
        normalizer.set(.link(clientID), key: handleKey, on: parent)
    }

    /// The client connection, which has the server connection's shape: it is followed with the
    /// selections of the server field the handle belongs to.
    func reachable(
        through handle: NormalizationHandle, in record: Record, siblings: [NormalizationSelection],
        variables: VariableData
    ) -> (value: Record.Value?, selections: [NormalizationSelection])? {
        (
            record[ConnectionHandler.handleKey(handle, variables: variables)],
            handle.handledField(among: siblings)?.selections ?? []
        )
    }
}

/// Which page a response is: the cursor it was fetched from, if any.
private struct Page {
    let after: VariableValue
    let before: VariableValue

    init(handle: NormalizationHandle, variables: VariableData) {
        func argument(_ name: String) -> VariableValue {
            handle.args.first { $0.name == name }?.value(with: variables) ?? .null
        }
        after = argument("after")
        before = argument("before")
    }
}

/// One response merged into a client connection. It reads edges and `pageInfo` from the records
/// of the store and of the response so far (the normalizer's), and writes its records among the
/// response's, in place: no copy of the response's changes is made.
private struct ConnectionUpdate {
    static let pageInfoKey = "pageInfo"
    static let edgesKey = "edges"

    let clientID: DataID
    let server: Record
    let previous: Record?

    /// Merges the page; false when it is ignored (fetched from a cursor that is not the
    /// connection's end or start).
    func apply(_ page: Page, into normalizer: inout Normalizer) -> Bool {
        var connection = previous ?? Record(id: clientID)
        let pageInfoID = DataID.client(parent: clientID, storageKey: Self.pageInfoKey)
        let clientPageInfo = previous.flatMap { Self.link($0[Self.pageInfoKey]) }.flatMap(normalizer.current)
        let previousEdges = previous.flatMap { Self.links($0[Self.edgesKey]) }
        let serverEdges = Self.links(server[Self.edgesKey])
        var edges: [DataID?]?
        switch (previousEdges, serverEdges) {
        case (let old?, let new?) where page.after != .null:
            guard clientPageInfo?["endCursor"] == .scalar(page.after) else { return false }
            // Copied first: the copies must be written before `deduplicated` reads them.
            let appended = copies(of: new, into: &connection, &normalizer).edges
            edges = merged(old, adding: appended, first: false, normalizer)
        case (let old?, let new?) where page.before != .null:
            guard clientPageInfo?["startCursor"] == .scalar(page.before) else { return false }
            let prepended = copies(of: new, into: &connection, &normalizer).edges
            edges = merged(old, adding: prepended, first: true, normalizer)
        case (let old, let new?):
            let (copied, nodes) = copies(of: new, into: &connection, &normalizer, reusing: old ?? [])
            normalizer.connectionIndex?.remember(clientID, edges: copied, nodes: nodes)
            edges = copied
        case (let old, nil):
            edges = old
        }
        connection.typename = server.typename ?? connection.typename
        for (key, value) in server.fields where key != Self.edgesKey && key != Self.pageInfoKey {
            connection[key] = value
        }
        if let edges {
            connection[Self.edgesKey] = .links(edges)
        } else if previous == nil, let null = server[Self.edgesKey] {
            // A new connection copies the server's fields, a null `edges` too (Relay's
            // `copyFieldsFrom`): it is read as null, not missing.
            connection[Self.edgesKey] = null
        }
        if let serverPageInfo = Self.link(server[Self.pageInfoKey]).flatMap(normalizer.current) {
            normalizer.changes[pageInfoID] = pageInfo(
                pageInfoID, from: serverPageInfo, current: clientPageInfo, page: page)
            connection[Self.pageInfoKey] = .link(pageInfoID)
        } else if clientPageInfo == nil {
            // As Relay's handler, a new connection has a page info of its own at once, with the
            // defaults: a `@stream_connection`'s, whose server `pageInfo` is deferred, is read
            // (no more pages yet) rather than missing until the server's arrives.
            normalizer.changes[pageInfoID] = Self.defaultPageInfo(pageInfoID, typename: nil)
            connection[Self.pageInfoKey] = .link(pageInfoID)
        }
        normalizer.changes[clientID] = connection
        return true
    }

    /// Relay's page info of a new connection: no pages either way, no cursors.
    static func defaultPageInfo(_ id: DataID, typename: String?) -> Record {
        Record(
            id: id, typename: typename ?? "PageInfo",
            fields: [
                "hasNextPage": .scalar(false), "hasPreviousPage": .scalar(false), "startCursor": .scalar(.null),
                "endCursor": .scalar(.null),
            ])
    }

    /// The connection's own `pageInfo` after this page.
    private func pageInfo(_ id: DataID, from server: Record, current: Record?, page: Page) -> Record {
        guard var info = current, page.after != .null || page.before != .null else {
            // Created, or refetched from the start: the server's, over Relay's defaults.
            var info = Self.defaultPageInfo(id, typename: server.typename)
            info.fields.merge(server.fields) { _, new in new }
            return info
        }
        let (hasMore, cursor) = page.before != .null ? ("hasPreviousPage", "startCursor") : ("hasNextPage", "endCursor")
        info[hasMore] = .scalar(server[hasMore] == .scalar(true) ? true : false)
        if case .scalar(.string(let value))? = server[cursor] { info[cursor] = .scalar(.string(value)) }
        return info
    }

    /// Copies of the server's edges owned by the connection (`client:<connection>:edges:<n>`),
    /// numbered by the counter the connection keeps, as updaters' `createEdge` does, and the
    /// nodes they hold (gathered from the records being copied, for the node index).
    ///
    /// A page fetched from the start (`reusing` the connection's edges) keeps the edge record at
    /// each place whose node is the same, updating its fields, where Relay makes a new one: a
    /// refetch that changes nothing then changes no record, notifies no one and leaves no
    /// garbage.
    private func copies(
        of edges: [DataID?], into connection: inout Record, _ normalizer: inout Normalizer,
        reusing previous: [DataID?] = []
    ) -> (edges: [DataID?], nodes: Set<DataID>) {
        let counter = connection[ConnectionHandler.nextEdgeIndexField]
        var next = if case .scalar(.int(let index))? = counter { index } else { 0 }
        var nodes: Set<DataID> = []
        nodes.reserveCapacity(edges.count)
        let copies = edges.enumerated().map { position, id -> DataID? in
            guard let id, let edge = normalizer.current(id) else { return nil }
            let node = Self.link(edge["node"])
            if let node { nodes.insert(node) }
            if position < previous.count, let kept = previous[position], node != nil,
                var keptEdge = normalizer.current(kept), Self.link(keptEdge["node"]) == node
            {
                if edge.fields.contains(where: { keptEdge[$0.key] != $0.value }) {
                    keptEdge.fields.merge(edge.fields) { _, new in new }
                    normalizer.changes[kept] = keptEdge
                }
                return kept
            }
            let copyID = ConnectionHandler.edgeID(clientID, index: next)
            next += 1
            normalizer.changes[copyID] = Record(id: copyID, typename: edge.typename, fields: edge.fields)
            return copyID
        }
        connection[ConnectionHandler.nextEdgeIndexField] = .scalar(.int(next))
        return (copies, nodes)
    }

    /// `old` with a page's edges `added` before (`first`) or after them, null edges left out
    /// and each node once, as relay-runtime merges them. When no node of the page is in the
    /// connection already (the index says, without walking `old`'s records) the page is only
    /// joined on; otherwise every edge is de-duplicated.
    private func merged(_ old: [DataID?], adding added: [DataID?], first: Bool, _ normalizer: Normalizer)
        -> [DataID?]
    {
        let index = normalizer.connectionIndex
        var nodes = index?.take(clientID, edges: old) ?? deduplicated(old, normalizer).nodes
        var pageNodes: Set<DataID> = []
        var needsFullMerge = old.contains(nil)
        for edge in added where !needsFullMerge {
            guard let node = Self.node(of: edge, normalizer) else { continue }
            needsFullMerge = nodes.contains(node) || !pageNodes.insert(node).inserted
        }
        let page = added.filter { $0 != nil }
        let joined = first ? page + old : old + page
        guard needsFullMerge else {
            nodes.formUnion(pageNodes)
            index?.remember(clientID, edges: joined, nodes: nodes)
            return joined
        }
        let (kept, keptNodes) = deduplicated(joined, normalizer)
        index?.remember(clientID, edges: kept, nodes: keptNodes)
        return kept
    }

    /// The edges in order, each node once (the first edge wins; edges without a node stay),
    /// and the nodes they hold.
    private func deduplicated(_ edges: [DataID?], _ normalizer: Normalizer) -> (edges: [DataID?], nodes: Set<DataID>) {
        var seen: Set<DataID> = []
        var kept: [DataID?] = []
        for case let edge? in edges {
            if let node = Self.node(of: edge, normalizer) {
                guard seen.insert(node).inserted else { continue }
            }
            kept.append(edge)
        }
        return (kept, seen)
    }

    private static func node(of edge: DataID?, _ normalizer: Normalizer) -> DataID? {
        guard let edge else { return nil }
        return link(normalizer.current(edge)?["node"])
    }

    private static func link(_ value: Record.Value?) -> DataID? {
        if case .link(let id?)? = value { id } else { nil }
    }

    private static func links(_ value: Record.Value?) -> [DataID?]? {
        if case .links(let ids)? = value { ids } else { nil }
    }
}
