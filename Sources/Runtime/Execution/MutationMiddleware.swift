@_spi(RelayGenerated) import RelayContract

/// A step on the mutation path, between a commit (its optimistic layer applied) and the
/// request: the offline queue (`Offline/`) is one. It may take a committed mutation over, to send
/// it when it chooses, and hears when any request of the environment was answered. The core
/// knows nothing else of it.
protocol MutationMiddleware: Sendable {
    /// Whether it takes over mutations of this name.
    func takesOver(_ operationName: String) -> Bool

    /// Takes a committed mutation over: it sends it with `send` (with its layer, or nil once
    /// rolled back) and tells `completion` how it ended.
    func takeOver<Op: Operation>(
        _ operation: Op, optimisticResponse: VariableValue?, layer: Int?,
        send: @escaping @Sendable (_ layer: Int?) async throws -> Op.Data,
        completion: @escaping @Sendable (Result<Op.Data, any Error>) -> Void)

    /// Whether a failure of `send` leaves the layer in place (the mutation waits to be sent again).
    func keepsLayer(on error: any Error) -> Bool

    /// A request of the environment was answered: the network works.
    func networkAnswered()
}
