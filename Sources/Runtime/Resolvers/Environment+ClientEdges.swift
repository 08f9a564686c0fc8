import Foundation
@_spi(RelayGenerated) import RelayContract

extension Environment {
    /// Fetches the records of client edges a subscription could not follow (Relay's waterfall):
    /// each edge's `ClientEdgeQuery_…` with the record's id, once while it is in flight; the
    /// subscription reads the record when it lands. A failed fetch leaves the edge missing.
    func fetchClientEdges(_ edges: [MissingClientEdge], _ queries: [String: any Operation.Type]) {
        for edge in Set(edges) {
            guard let query = queries[edge.query], clientEdgeFetches.begin(edge) else { continue }
            Task { [self] in
                await fetchClientEdge(query, id: edge.id)
                clientEdgeFetches.end(edge)
            }
        }
    }

    private func fetchClientEdge<Query: Operation>(_ query: Query.Type, id: String) async {
        let operation = UntypedOperation<Query>(variables: VariableData(["id": .string(id)]))
        _ = try? await fetchQuery(operation, fetchPolicy: .networkOnly)
    }
}

/// The client edge records being fetched now.
final class ClientEdgeFetches: @unchecked Sendable {
    private let lock = NSLock()
    private var inFlight: Set<MissingClientEdge> = []

    /// True when `edge` was not being fetched (the caller fetches it).
    func begin(_ edge: MissingClientEdge) -> Bool { lock.withLock { inFlight.insert(edge).inserted } }

    func end(_ edge: MissingClientEdge) { _ = lock.withLock { inFlight.remove(edge) } }
}
