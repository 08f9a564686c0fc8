@_spi(RelayGenerated) import RelayContract

/// The offline queue on the mutation path: it takes over the mutations its configuration lists,
/// saves and queues them, and sends them when the network allows.
extension Environment.MutationQueue: MutationMiddleware {
    func takesOver(_ operationName: String) -> Bool {
        configuration?.kinds[operationName] != nil
    }

    func takeOver<Op: Operation>(
        _ operation: Op, optimisticResponse: VariableValue?, layer: Int?,
        send: @escaping @Sendable (_ layer: Int?) async throws -> Op.Data,
        completion: @escaping @Sendable (Result<Op.Data, any Error>) -> Void
    ) {
        commit(
            operationName: Op.node.params.name, variables: operation.operationVariables,
            optimisticResponse: optimisticResponse, layer: layer,
            send: { layer in
                let data = try await send(layer)
                return { completion(.success(data)) }
            }, finish: { completion(.failure($0)) })
    }

    func keepsLayer(on error: any Error) -> Bool {
        configuration?.isConnectionFailure(error) == true
    }
}
