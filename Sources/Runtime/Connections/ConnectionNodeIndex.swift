/// The nodes of each connection's edges, remembered between pages, so merging a page costs what
/// the page costs: its nodes are checked against this set instead of every edge already there
/// (relay-runtime walks them all). An entry is trusted only for the very edge list it was made
/// for — any other list (an updater's insert, an optimistic layer, a rollback) is indexed again.
/// An updater that relinks an existing edge to another node in place is not seen; a page then
/// misses that duplicate, as the set still names the old node.
///
/// Used only under the store's lock (normalization runs inside a store write).
final class ConnectionNodeIndex: @unchecked Sendable {
    private var entries: [DataID: (edges: [DataID?], nodes: Set<DataID>)] = [:]

    /// The node set of `connection` when it was made for `edges`, taken out of the index (so
    /// the caller can grow it without copying); nil when there is none for that list.
    func take(_ connection: DataID, edges: [DataID?]) -> Set<DataID>? {
        guard let entry = entries.removeValue(forKey: connection), entry.edges == edges else { return nil }
        return entry.nodes
    }

    /// Remembers the node set of `connection`'s edge list `edges`.
    func remember(_ connection: DataID, edges: [DataID?], nodes: Set<DataID>) {
        entries[connection] = (edges, nodes)
    }

    /// Forgets connections whose records are gone (after a garbage collection).
    func forget(keeping isKept: (DataID) -> Bool) {
        entries = entries.filter { isKept($0.key) }
    }
}
