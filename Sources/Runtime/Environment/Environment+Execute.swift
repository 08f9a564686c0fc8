/// Operations whose response comes in more than one payload: queries with `@defer` or
/// `@stream`, and subscriptions.
extension Environment {
    /// Sends the operation and yields its data each time a payload of its response has been
    /// written into the store (relay-runtime's `environment.execute` / `fetchQuery(…).subscribe`):
    /// once for a plain response; for `@defer` and `@stream`, first the initial payload's data
    /// (a deferred fragment's key nil, a streamed list with its first items), then again after
    /// each later part; for a subscription, after each event. `updater` runs with every full
    /// payload (each subscription event). The operation's records are retained while it runs.
    /// Stopping the iteration cancels the request (and unsubscribes).
    public func execute<Op: Operation>(_ operation: Op, updater: Updater? = nil) -> AsyncThrowingStream<Op.Data, Error>
    {
        let executor = executor
        let retained = retain(operation)
        let (stream, continuation) = AsyncThrowingStream<Op.Data, Error>.makeStream()
        let task = Task {
            defer { retained.dispose() }
            do {
                try await executor.execute(operation, updater: updater) { response in
                    continuation.yield(try OperationExecutor.data(of: response, for: operation))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Subscribes to a generated subscription (Relay's `requestSubscription`): every event is
    /// written into the store (with `updater`), so queries and fragments that read its records
    /// update, and its data is yielded. The stream fails with the subscription's error (a
    /// transport's, or the server's `error` message) and ends when the server completes it;
    /// stopping the iteration unsubscribes.
    public func requestSubscription<Op: Operation>(_ subscription: Op, updater: Updater? = nil)
        -> AsyncThrowingStream<Op.Data, Error>
    {
        execute(subscription, updater: updater)
    }

    /// `requestSubscription` with Relay's callbacks: `onNext` with each event's data, then
    /// `onCompleted` or `onError` (neither after `dispose()`, which unsubscribes).
    @discardableResult
    public func requestSubscription<Op: Operation>(
        _ subscription: Op, updater: Updater? = nil, onNext: @escaping @Sendable (Op.Data) -> Void = { _ in },
        onError: @escaping @Sendable (Error) -> Void = { _ in }, onCompleted: @escaping @Sendable () -> Void = {}
    ) -> Disposable {
        let events = execute(subscription, updater: updater)
        let task = Task {
            do {
                for try await data in events { onNext(data) }
                if !Task.isCancelled { onCompleted() }
            } catch {
                if !Task.isCancelled { onError(error) }
            }
        }
        return Disposable { task.cancel() }
    }
}
