import Foundation
@_spi(RelayGenerated) import RelayContract

/// Sending mutations, with their optimistic responses as layers.
extension Environment {
    /// Sends a mutation. An optimistic response and/or updater are applied at once as a layer;
    /// when the server answers, the layer is removed and the real response (plus `updater`)
    /// written; when it fails, the layer is removed and the error thrown.
    public func commitMutation<Op: Operation>(
        _ operation: Op, optimisticResponse: [String: Any]? = nil, optimisticUpdater: Updater? = nil,
        updater: Updater? = nil
    ) async throws -> Op.Data {
        let optimistic = optimisticResponse.flatMap { VariableValue(json: $0) }
        return try await commitMutation(
            operation, optimisticData: optimistic, optimisticUpdater: optimisticUpdater, updater: updater)
    }

    /// `commitMutation` with a completion handler, for code that is not async.
    public func commitMutation<Op: Operation>(
        _ operation: Op, optimisticResponse: [String: Any]? = nil, optimisticUpdater: Updater? = nil,
        updater: Updater? = nil, completion: @escaping @Sendable (Result<Op.Data, Error>) -> Void
    ) {
        commitMutation(
            operation, optimisticData: optimisticResponse.flatMap { VariableValue(json: $0) },
            optimisticUpdater: optimisticUpdater, updater: updater, completion: completion)
    }

    /// `commitMutation` for an `@raw_response_type` mutation, with a typed optimistic response:
    /// the Swift compiler checks it against the mutation's whole response.
    public func commitMutation<Op: RawResponseOperation>(
        _ operation: Op, optimisticResponse: Op.RawResponse, optimisticUpdater: Updater? = nil,
        updater: Updater? = nil
    ) async throws -> Op.Data {
        try await commitMutation(
            operation, optimisticData: optimisticResponse.variableValue, optimisticUpdater: optimisticUpdater,
            updater: updater)
    }

    /// The typed `commitMutation` with a completion handler, for code that is not async.
    public func commitMutation<Op: RawResponseOperation>(
        _ operation: Op, optimisticResponse: Op.RawResponse, optimisticUpdater: Updater? = nil,
        updater: Updater? = nil, completion: @escaping @Sendable (Result<Op.Data, Error>) -> Void
    ) {
        commitMutation(
            operation, optimisticData: optimisticResponse.variableValue, optimisticUpdater: optimisticUpdater,
            updater: updater, completion: completion)
    }

    /// `commitMutation` with the optimistic response as a value and a completion handler: what
    /// the public forms (an untyped response as Relay takes it, or a typed `RawResponse`) and
    /// `MutationState` commit through.
    func commitMutation<Op: Operation>(
        _ operation: Op, optimisticData: VariableValue?, optimisticUpdater: Updater? = nil, updater: Updater? = nil,
        completion: @escaping @Sendable (Result<Op.Data, Error>) -> Void
    ) {
        let layer: Int?
        do {
            layer = try executor.applyOptimistic(operation, data: optimisticData, updater: optimisticUpdater)
        } catch {
            completion(.failure(error))
            return
        }
        let middleware = mutationMiddleware
        guard !middleware.takesOver(Op.node.params.name) else {
            let executor = executor
            middleware.takeOver(
                operation, optimisticResponse: optimisticData, layer: layer,
                send: { layer in
                    try await executor.sendMutation(
                        operation, optimisticLayer: layer, updater: updater, keepsLayerOn: middleware.keepsLayer)
                }, completion: completion)
            return
        }
        Task {
            do {
                completion(.success(try await self.sendMutation(operation, optimisticLayer: layer, updater: updater)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// `commitMutation` with the optimistic response as a value.
    func commitMutation<Op: Operation>(
        _ operation: Op, optimisticData: VariableValue?, optimisticUpdater: Updater? = nil, updater: Updater? = nil
    ) async throws -> Op.Data {
        guard !mutationMiddleware.takesOver(Op.node.params.name) else {
            // It may wait for the network: it ends when the middleware has sent it.
            return try await withCheckedThrowingContinuation { continuation in
                commitMutation(
                    operation, optimisticData: optimisticData, optimisticUpdater: optimisticUpdater, updater: updater
                ) { continuation.resume(with: $0) }
            }
        }
        let layer = try executor.applyOptimistic(operation, data: optimisticData, updater: optimisticUpdater)
        return try await sendMutation(operation, optimisticLayer: layer, updater: updater)
    }

    /// Sends a mutation whose optimistic layer (if any) is in place (`OperationExecutor.sendMutation`),
    /// and tells the mutation middleware the network answered.
    func sendMutation<Op: Operation>(_ operation: Op, optimisticLayer: Int?, updater: Updater?) async throws -> Op.Data
    {
        let data = try await executor.sendMutation(operation, optimisticLayer: optimisticLayer, updater: updater)
        mutationMiddleware.networkAnswered()
        return data
    }

    /// The step between a commit and its request: the offline queue.
    var mutationMiddleware: any MutationMiddleware { mutationQueue }
}
