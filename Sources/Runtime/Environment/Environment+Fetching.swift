import Foundation
@_spi(RelayGenerated) import RelayContract

/// Fetching queries, from the store and/or the network as a fetch policy says.
extension Environment {
    /// The query's data, from the store and/or the network as `fetchPolicy` says.
    public func fetchQuery<Op: Operation>(_ operation: Op, fetchPolicy: FetchPolicy = .storeOrNetwork) async throws
        -> Op.Data
    {
        let (snapshot, decision) = fetchDecision(for: operation, policy: fetchPolicy)
        if decision.sendsRequest { return try await fetchFromNetwork(operation) }
        guard decision.usesStoreData else {
            throw RelayError.storeLacksData(for: Op.node.params.name, missing: snapshot.missingFields)
        }
        return try snapshot.dataOrError(reading: Op.node.params.name)
    }

    /// Sends the query and writes its response into the store; returns the data read right after
    /// the last payload was written (responses' errors beside data are partial data, ignored).
    /// An identical query (same operation and variables) already in flight is not sent again:
    /// its result is shared.
    func fetchFromNetwork<Op: Operation>(_ operation: Op) async throws -> Op.Data {
        let executor = executor
        let data = try await inFlight.run(OperationIdentity.of(operation)) {
            try OperationExecutor.data(of: try await executor.execute(operation), for: operation)
        }
        mutationMiddleware.networkAnswered()
        return data
    }
}
