import Foundation

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
/// The store guards its state with locks, so it is `@unchecked Sendable`; Swift 6 asks
/// subclasses to restate that, as above (it warns otherwise).
open class Store<State: Sendable, Activity: Sendable>: @unchecked Sendable {
    @usableFromInline let stateLock = NSLock()
    /// Held while observers are told about a version, so they hear versions in order; recursive
    /// so an observer may commit.
    @usableFromInline let emitLock = NSRecursiveLock()

    // The current version, kept as plain values: a `Changes` object is made only when someone
    // reads `state` or observes, so a commit nobody watches allocates nothing.
    @usableFromInline var currentState: State
    @usableFromInline var currentVersion: UInt64 = 0
    @usableFromInline var previousState: State?
    @usableFromInline var lastModifiedPaths: [AnyKeyPath] = []
    /// The `Changes` of the current version, once made.
    @usableFromInline var materialized: Changes<State>?
    /// The most recently made `Changes`, whose computed values the next version may reuse.
    @usableFromInline var lastMaterialized: Changes<State>?
    @usableFromInline let hasComputedProperties: Bool

    /// Observers in subscription order.
    @usableFromInline var stateObservers: [Observer<Changes<State>>] = []
    private var activityObservers: [Observer<Activity>] = []
    private var nextObserverID: UInt64 = 0

    public init(initialState: State) {
        currentState = initialState
        hasComputedProperties = State.self is any ExtendedStateType.Type
    }

    /// The current version of the state.
    public var state: Changes<State> {
        stateLock.withLock { materialize() }
    }

    /// The current state itself.
    public var primitiveState: State { stateLock.withLock { currentState } }

    /// The `Changes` of the current version; call with `stateLock` held.
    @usableFromInline
    func materialize() -> Changes<State> {
        if let materialized { return materialized }
        let previousCache =
            lastMaterialized.flatMap { $0.version + 1 == currentVersion ? $0.computedCache : nil }
        let changes = Changes(
            primitive: currentState, version: currentVersion, previousPrimitive: previousState,
            previousCache: previousCache, modifiedKeyPaths: lastModifiedPaths,
            hasComputedProperties: hasComputedProperties)
        materialized = changes
        lastMaterialized = changes
        return changes
    }

    /// Changes the state atomically. `mutation` runs under the store's lock and must not do
    /// asynchronous work. If it writes nothing, or only values equal to the current ones, there
    /// is no new version and observers hear nothing. If it throws, the state is left as it was.
    @inlinable
    @discardableResult
    public func commit<Result>(_ mutation: (inout InoutRef<State>) throws -> Result) rethrows -> Result {
        stateLock.lock()
        let before = currentState
        var firstPath: AnyKeyPath?
        var otherPaths: [AnyKeyPath] = []
        var changed = false
        let result: Result
        do {
            result = try withUnsafeMutablePointer(to: &currentState) { pointer in
                var reference = InoutRef(pointer)
                defer {
                    firstPath = reference.firstModifiedPath
                    otherPaths = reference.otherModifiedPaths
                    changed = reference.hasModifications
                }
                return try mutation(&reference)
            }
        } catch {
            currentState = before
            stateLock.unlock()
            throw error
        }
        guard changed else {
            stateLock.unlock()
            return result
        }
        previousState = before
        currentVersion += 1
        lastModifiedPaths = firstPath.map { [$0] + otherPaths } ?? []
        materialized = nil
        guard !stateObservers.isEmpty else {
            stateLock.unlock()
            return result
        }
        publish()
        return result
    }

    /// Tells observers about the current version; called with `stateLock` held, which it
    /// releases.
    @usableFromInline
    func publish() {
        let next = materialize()
        let observers = stateObservers
        emitLock.lock()
        stateLock.unlock()
        for observer in observers { observer.receive(next) }
        emitLock.unlock()
    }

    /// Groups several commits into one update: the mutations are applied together, in order,
    /// as one new version. With no mutations registered nothing happens.
    public func batchCommit(_ body: (inout BatchCommitContext<State>) throws -> Void) rethrows {
        var context = BatchCommitContext<State>()
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
        let (id, now) = stateLock.withLock { () -> (UInt64, Changes<State>) in
            nextObserverID += 1
            stateObservers.append(Observer(id: nextObserverID, receive: receive))
            return (nextObserverID, materialize())
        }
        if !dropsCurrent {
            emitLock.withLock { receive(now) }
        }
        return StoreSubscription { [weak self] in
            self?.stateLock.withLock { self?.stateObservers.removeAll { $0.id == id } }
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
    /// a screen to open).
    public func send(_ activity: Activity) {
        let observers = stateLock.withLock { activityObservers }
        emitLock.withLock {
            for observer in observers { observer.receive(activity) }
        }
    }

    /// Calls `receive` with every activity sent from now on.
    public func sinkActivity(_ receive: @escaping @Sendable (Activity) -> Void) -> StoreSubscription {
        let id = stateLock.withLock { () -> UInt64 in
            nextObserverID += 1
            activityObservers.append(Observer(id: nextObserverID, receive: receive))
            return nextObserverID
        }
        return StoreSubscription { [weak self] in
            self?.stateLock.withLock { self?.activityObservers.removeAll { $0.id == id } }
        }
    }

    /// Every activity sent from now on.
    public var activities: AsyncStream<Activity> {
        AsyncStream { continuation in
            let subscription = sinkActivity { continuation.yield($0) }
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }
}

/// An observer and the id it was registered under.
@usableFromInline
struct Observer<Value>: Sendable {
    @usableFromInline let id: UInt64
    @usableFromInline let receive: @Sendable (Value) -> Void

    @usableFromInline
    init(id: UInt64, receive: @escaping @Sendable (Value) -> Void) {
        self.id = id
        self.receive = receive
    }
}

/// Collects the mutations of a `batchCommit`.
public struct BatchCommitContext<State> {
    var mutations: [(inout InoutRef<State>) -> Void] = []

    /// Adds a mutation to the batch; it runs when the batch is committed.
    public mutating func commit(_ mutation: @escaping (inout InoutRef<State>) -> Void) {
        mutations.append(mutation)
    }
}

/// Ends an observation when cancelled or released.
public final class StoreSubscription: @unchecked Sendable {
    private let lock = NSLock()
    private var onCancel: (@Sendable () -> Void)?

    init(_ onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    public func cancel() {
        let action = lock.withLock { () -> (@Sendable () -> Void)? in
            defer { onCancel = nil }
            return onCancel
        }
        action?()
    }

    deinit {
        onCancel?()
    }
}
