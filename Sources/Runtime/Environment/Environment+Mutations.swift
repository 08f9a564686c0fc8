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
        guard !mutationQueue.accepts(Op.node.params.name) else {
            mutationQueue.commit(
                operationName: Op.node.params.name, variables: operation.operationVariables,
                optimisticResponse: optimisticData, layer: layer,
                send: { environment, layer in
                    let data = try await environment.sendMutation(
                        operation, optimisticLayer: layer, updater: updater, queueable: true)
                    return { completion(.success(data)) }
                }, finish: { completion(.failure($0)) })
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
        guard !mutationQueue.accepts(Op.node.params.name) else {
            // It may wait for the network: it ends when the queue has sent it.
            return try await withCheckedThrowingContinuation { continuation in
                commitMutation(
                    operation, optimisticData: optimisticData, optimisticUpdater: optimisticUpdater, updater: updater
                ) { continuation.resume(with: $0) }
            }
        }
        let layer = try executor.applyOptimistic(operation, data: optimisticData, updater: optimisticUpdater)
        return try await sendMutation(operation, optimisticLayer: layer, updater: updater)
    }

    /// Sends a mutation whose optimistic layer (if any) is in place. A mutation the server
    /// answered with errors failed, even when part of its data came back: that part is in the
    /// store (it is the server's), the caller gets the errors — unless the mutation is under
    /// `@catch` and every error names a field: its data then holds them. A `queueable` one
    /// keeps its layer when the server cannot be reached, to wait in `mutationQueue`.
    func sendMutation<Op: Operation>(_ operation: Op, optimisticLayer: Int?, updater: Updater?, queueable: Bool = false)
        async throws -> Op.Data
    {
        let catchesFieldErrors = Op.node.fragment.catchTo != nil
        let isConnectionFailure = mutationQueue.configuration?.isConnectionFailure
        let response = try await executor.execute(
            operation, updater: updater, optimisticLayer: optimisticLayer,
            onResponse: {
                let caught = catchesFieldErrors && $0.errors.allSatisfy { !$0.path.isEmpty }
                guard $0.errors.isEmpty || caught else { throw RelayError.graphQL($0.errors) }
            }, keepsLayerOn: { queueable && isConnectionFailure?($0) == true })
        mutationQueue.networkAnswered()
        return try Self.data(of: response, for: operation)
    }
}
