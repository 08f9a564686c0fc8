/// A store's mutable part, always used under the store's lock: the current version, what the
/// last commit changed, the observers, and the versions and activities waiting to be delivered.
@usableFromInline
struct StoreCore<State: Sendable, Activity: Sendable>: ~Copyable {
    // The current version is kept as plain values: a `Changes` object is made only when someone
    // reads `state` or observes, so a commit nobody watches allocates nothing.
    @usableFromInline var current: State
    @usableFromInline var version: UInt64 = 0
    @usableFromInline var previous: State?
    /// The properties the last commit changed.
    @usableFromInline var modified = ModifiedProperties()
    /// The `Changes` of the current version, once made.
    @usableFromInline var materialized: Changes<State>?
    /// The most recently made `Changes`, whose computed values later versions may reuse.
    @usableFromInline var lastMaterialized: Changes<State>?
    @usableFromInline let hasComputedProperties: Bool

    /// Observers in subscription order.
    @usableFromInline var stateObservers: [Observer<Changes<State>>] = []
    @usableFromInline var activityObservers: [Observer<Activity>] = []
    private var nextObserverID: UInt64 = 0
    /// What observers have not heard yet, oldest first, and whether a thread is delivering it.
    @usableFromInline var pending: [Delivery] = []
    @usableFromInline var pendingStart = 0
    @usableFromInline var isDelivering = false

    init(initialState: State) {
        current = initialState
        hasComputedProperties = State.self is any ExtendedStateType.Type
    }

    /// Runs a commit's mutation on the current state; a new version when it changed anything.
    /// `mustDeliver` tells the caller to deliver the queue once the lock is released.
    @inlinable
    mutating func apply<Result>(_ mutation: (inout InoutRef<State>) throws -> Result) rethrows -> CommitOutcome<Result>
    {
        // The reference's parts are moved out (`take()`), not copied, to save reference counting.
        let (result, original, modifiedNow) = try withUnsafeMutablePointer(to: &current) { pointer in
            var reference = InoutRef(pointer)
            do {
                let result = try mutation(&reference)
                return (result, reference.original.take(), reference.modified.take())
            } catch {
                if let original = reference.original { pointer.pointee = original }
                throw error
            }
        }
        guard original != nil else { return CommitOutcome(result: result, mustDeliver: false) }
        previous = consume original
        version += 1
        modified = consume modifiedNow
        // Assigned only when there is something to replace: nobody may have read the version
        // this commit replaces.
        if materialized != nil { materialized = nil }
        guard !stateObservers.isEmpty else { return CommitOutcome(result: result, mustDeliver: false) }
        return CommitOutcome(result: result, mustDeliver: queueCurrentVersion())
    }

    /// The `Changes` of the current version.
    @inlinable
    mutating func materialize() -> Changes<State> {
        if let materialized { return materialized }
        let changes = Changes(
            primitive: current, version: version, previousPrimitive: previous, modified: modified,
            reusing: lastMaterialized, hasComputedProperties: hasComputedProperties)
        materialized = changes
        lastMaterialized = changes
        return changes
    }

    // MARK: Observers

    mutating func addStateObserver(
        _ receive: @escaping @Sendable (Changes<State>) -> Void, deliveringCurrent: Bool
    ) -> (id: UInt64, mustDeliver: Bool) {
        nextObserverID += 1
        let observer = Observer(id: nextObserverID, receive: receive)
        stateObservers.append(observer)
        guard deliveringCurrent else { return (nextObserverID, false) }
        return (nextObserverID, enqueue(.state(materialize(), to: [observer])))
    }

    mutating func addActivityObserver(_ receive: @escaping @Sendable (Activity) -> Void) -> UInt64 {
        nextObserverID += 1
        activityObservers.append(Observer(id: nextObserverID, receive: receive))
        return nextObserverID
    }

    mutating func removeObserver(_ id: UInt64) {
        stateObservers.removeAll { $0.id == id }
        activityObservers.removeAll { $0.id == id }
    }

    // MARK: Delivery

    /// Queues the current version for the current observers.
    @inlinable
    mutating func queueCurrentVersion() -> Bool {
        enqueue(.state(materialize(), to: stateObservers))
    }

    /// Queues an activity for the current activity observers.
    @inlinable
    mutating func queue(_ activity: Activity) -> Bool {
        guard !activityObservers.isEmpty else { return false }
        return enqueue(.activity(activity, to: activityObservers))
    }

    /// Adds a delivery; true when the caller must deliver the queue (no thread is doing so).
    @inlinable
    mutating func enqueue(_ delivery: Delivery) -> Bool {
        pending.append(delivery)
        guard !isDelivering else { return false }
        isDelivering = true
        return true
    }

    /// The oldest delivery not made yet; nil (and no thread delivering any more) when none is
    /// left.
    @inlinable
    mutating func nextDelivery() -> Delivery? {
        guard pendingStart < pending.count else {
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
            isDelivering = false
            return nil
        }
        defer { pendingStart += 1 }
        return pending[pendingStart]
    }

    /// A version or an activity, and the observers to tell (those registered when it was
    /// queued).
    @usableFromInline
    enum Delivery {
        case state(Changes<State>, to: [Observer<Changes<State>>])
        case activity(Activity, to: [Observer<Activity>])

        /// Calls the observers; with the store's lock released.
        @inlinable
        func deliver() {
            switch self {
            case .state(let changes, let observers):
                for observer in observers { observer.receive(changes) }
            case .activity(let activity, let observers):
                for observer in observers { observer.receive(activity) }
            }
        }
    }
}

/// What a commit returns through the lock: the mutation's result and whether the caller must
/// deliver.
@usableFromInline
struct CommitOutcome<Result> {
    @usableFromInline let result: Result
    @usableFromInline let mustDeliver: Bool

    @inlinable
    init(result: Result, mustDeliver: Bool) {
        self.result = result
        self.mustDeliver = mustDeliver
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
