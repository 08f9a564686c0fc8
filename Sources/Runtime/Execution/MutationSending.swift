@_spi(RelayGenerated) import RelayContract

extension OperationExecutor {
    /// Sends a mutation whose optimistic layer (if any) is in place. A mutation the server
    /// answered with errors failed, even when part of its data came back: that part is in the
    /// store (it is the server's), the caller gets the errors — unless the mutation is under
    /// `@catch` and every error names a field: its data then holds them. A failure `keepsLayerOn`
    /// accepts leaves the layer in place, for a middleware that sends the mutation again.
    func sendMutation<Op: Operation>(
        _ operation: Op, optimisticLayer: Int?, updater: Updater?, keepsLayerOn: (any Error) -> Bool = { _ in false }
    ) async throws -> Op.Data {
        let catchesFieldErrors = Op.node.fragment.catchTo != nil
        let response = try await execute(
            operation, updater: updater, optimisticLayer: optimisticLayer,
            onResponse: {
                let caught = catchesFieldErrors && $0.errors.allSatisfy { !$0.path.isEmpty }
                guard $0.errors.isEmpty || caught else { throw RelayError.graphQL($0.errors) }
            }, keepsLayerOn: keepsLayerOn)
        return try Self.data(of: response, for: operation)
    }

    /// The operation's data in a response just written; missing data the operation selects is
    /// an error.
    static func data<Op: Operation>(of response: Response<Op.Data>, for operation: Op) throws -> Op.Data {
        if let failure = response.snapshot.readFailure { throw failure }
        guard let data = response.snapshot.data else {
            if let invalid = response.snapshot.invalidValue { throw RelayError.invalidValue(invalid) }
            throw RelayError.missingData(
                "the response to \(Op.node.params.name) lacks data it selects" + response.snapshot.missingFields.summary
            )
        }
        return data
    }
}
