/// A store of app state (the state half of the runtime, after Verge): the only way to change
/// the state is to `commit`; a commit that changes nothing emits nothing; observers get every
/// new version with the one before it.
///
/// ```swift
/// final class MyStore: Store<MyState, Never>, @unchecked Sendable {
///     func addTodo(title: String) {
///         commit { $0.todos.append(Todo(title: title)) }
///     }
/// }
/// ```
///
/// The store guards its state with a lock, so it is `@unchecked Sendable`; Swift 6 asks
/// subclasses to restate that, as above (it warns otherwise).
open class Store<State: Sendable, Activity: Sendable>: @unchecked Sendable {
    /// Guards `core`. Observers are never called with it held.
    @usableFromInline let lock = Lock()
    /// Everything that changes; read and written only with `lock` held, which is why the
    /// run-time exclusivity check (which would cost more than the lock) is off.
    @exclusivity(unchecked) @usableFromInline var core: StoreCore<State, Activity>

    public init(initialState: State) {
        core = StoreCore(initialState: initialState)
    }

    /// The current version of the state.
    public var state: Changes<State> {
        lock.withLock { core.materialize() }
    }

    /// The current state itself.
    public var primitiveState: State { lock.withLock { core.current } }

    /// Changes the state atomically. `mutation` runs under the store's lock and must not do
    /// asynchronous work. If it writes nothing, or only values equal to the current ones, there
    /// is no new version and observers hear nothing. If it throws, the state is left as it was.
    ///
    /// Observers hear the new version before `commit` returns, unless another thread is
    /// already telling them about an earlier version (then that thread tells them, in order).
    @inlinable
    @discardableResult
    public final func commit<Result>(_ mutation: (inout InoutRef<State>) throws -> Result) rethrows -> Result {
        let outcome = try lock.withLock { try core.apply(mutation) }
        if outcome.mustDeliver { deliverPending() }
        return outcome.result
    }

    /// Tells observers about queued versions and activities, in order, until none are left.
    /// Only one thread delivers at a time; a commit made by an observer queues its version and
    /// returns, and the loop here delivers it next, so observers never run inside the lock and
    /// never hear versions out of order.
    @inlinable
    final func deliverPending() {
        while let delivery = lock.withLock({ core.nextDelivery() }) {
            delivery.deliver()
        }
    }

    /// Groups several commits into one update: the mutations are applied together, in order,
    /// as one new version. With no mutations registered nothing happens.
    public func batchCommit(_ body: (inout BatchCommitContext) throws -> Void) rethrows {
        var context = BatchCommitContext()
        try body(&context)
        guard !context.mutations.isEmpty else { return }
        let mutations = context.mutations
        commit { state in
            for mutation in mutations { mutation(&state) }
        }
    }

    /// Calls `receive` with every new version (and, unless `dropsCurrent`, the current one at
    /// once). Observation lasts until the returned token is cancelled or released.
    public func sinkState(
        dropsCurrent: Bool = false, _ receive: @escaping @Sendable (Changes<State>) -> Void
    ) -> StoreSubscription {
        let (id, mustDeliver) = lock.withLock {
            core.addStateObserver(receive, deliveringCurrent: !dropsCurrent)
        }
        if mustDeliver { deliverPending() }
        return StoreSubscription { [weak self] in
            self?.removeObserver(id)
        }
    }

    /// Every new version of the state, starting with the current one.
    public var states: AsyncStream<Changes<State>> {
        AsyncStream { continuation in
            let subscription = sinkState { continuation.yield($0) }
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }

    /// Tells observers of activities about a one-off event that is not state (a toast to show,
    /// a screen to open), in order with the state versions committed around it.
    public func send(_ activity: Activity) {
        if lock.withLock({ core.queue(activity) }) { deliverPending() }
    }

    /// Calls `receive` with every activity sent from now on.
    public func sinkActivity(_ receive: @escaping @Sendable (Activity) -> Void) -> StoreSubscription {
        let id = lock.withLock { core.addActivityObserver(receive) }
        return StoreSubscription { [weak self] in
            self?.removeObserver(id)
        }
    }

    private func removeObserver(_ id: UInt64) {
        lock.withLock { core.removeObserver(id) }
    }

    /// Every activity sent from now on.
    public var activities: AsyncStream<Activity> {
        AsyncStream { continuation in
            let subscription = sinkActivity { continuation.yield($0) }
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }
}

extension Store {
    /// Collects the mutations of a `batchCommit`.
    public struct BatchCommitContext {
        var mutations: [(inout InoutRef<State>) -> Void] = []

        /// Adds a mutation to the batch; it runs when the batch is committed.
        public mutating func commit(_ mutation: @escaping (inout InoutRef<State>) -> Void) {
            mutations.append(mutation)
        }
    }
}

/// Ends an observation when cancelled or released.
public final class StoreSubscription: @unchecked Sendable {
    private let lock = Lock()
    private var onCancel: (@Sendable () -> Void)?

    init(_ onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    public func cancel() {
        let action = lock.withLock {
            defer { onCancel = nil }
            return onCancel
        }
        action?()
    }

    deinit {
        cancel()
    }
}
