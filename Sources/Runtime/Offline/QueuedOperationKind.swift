@_spi(RelayGenerated) import RelayContract

/// What the queue needs of a generated mutation type to run a saved mutation of it: apply its
/// optimistic response, and send it.
struct QueuedOperationKind: Sendable {
    let name: String
    /// Applies the optimistic response as a layer; its id, or nil when there is none.
    let applyOptimistic: @Sendable (OperationExecutor, VariableData, VariableValue?) throws -> Int?
    /// Sends the mutation, its optimistic layer in place, kept on the failures the last argument
    /// accepts.
    let send:
        @Sendable (OperationExecutor, VariableData, _ layer: Int?, _ keepsLayerOn: @escaping (any Error) -> Bool)
            async throws -> Void

    init<Op: Operation>(_ type: Op.Type) {
        name = Op.node.params.name
        applyOptimistic = { executor, variables, data in
            try executor.applyOptimistic(Replayed<Op>(variables: variables), data: data, updater: nil)
        }
        send = { executor, variables, layer, keepsLayerOn in
            _ = try await executor.sendMutation(
                Replayed<Op>(variables: variables), optimisticLayer: layer, updater: nil, keepsLayerOn: keepsLayerOn)
        }
    }
}

/// A saved mutation of `Op`, with the variables it was committed with.
struct Replayed<Op: Operation>: Operation {
    typealias Data = Op.Data
    let variables: VariableData

    static var node: ConcreteRequest { Op.node }
    static var resolvers: [String: RelayResolverFunction] { Op.resolvers }
    static var clientEdgeQueries: [String: any Operation.Type] { Op.clientEdgeQueries }
}
