/// Commits into a store from outside it, holding its own dependencies (an API client, a
/// session): any number of dispatchers may serve one store.
///
/// ```swift
/// final class MyDispatcher: MyStore.Dispatcher {
///     func doSomething() { commit { $0.count = 100 } }
/// }
/// MyDispatcher(targetStore: store).doSomething()
/// ```
open class DispatcherBase<State: Sendable, Activity: Sendable>: @unchecked Sendable {
    public let store: Store<State, Activity>

    public init(targetStore: Store<State, Activity>) {
        store = targetStore
    }

    /// Commits a mutation of the whole state into the target store.
    @discardableResult
    public func commit<Result>(_ mutation: (inout InoutRef<State>) throws -> Result) rethrows -> Result {
        try store.commit(mutation)
    }

    /// A dispatcher that commits into the part of the state at `keyPath`.
    public func detached<Scope>(from keyPath: WritableKeyPath<State, Scope>) -> ScopedDispatcherBase<
        State, Activity, Scope
    > {
        ScopedDispatcherBase(targetStore: store, scope: keyPath)
    }
}

/// A dispatcher focused on one part of the state tree: its `commit` mutates that part directly.
///
/// ```swift
/// final class LoggedInService: MyStore.ScopedDispatcher<LoggedInState> {
///     init(store: MyStore) { super.init(targetStore: store, scope: \.loggedIn) }
///     func rename(_ name: String) { commit { $0.name = name } }
/// }
/// ```
open class ScopedDispatcherBase<State: Sendable, Activity: Sendable, Scope>: @unchecked Sendable {
    public let store: Store<State, Activity>
    /// Where the scope is in the store's state.
    public let scope: WritableKeyPath<State, Scope>

    public init(targetStore: Store<State, Activity>, scope: WritableKeyPath<State, Scope>) {
        store = targetStore
        self.scope = scope
    }

    /// Commits a mutation of the scoped part of the state.
    @discardableResult
    public func commit<Result>(_ mutation: (inout InoutRef<Scope>) throws -> Result) rethrows -> Result {
        try store.commit { state in try state.modify(scope, mutation) }
    }

    /// A dispatcher for a part of this scope (a key path relative to the scope).
    public func detached<NewScope>(by keyPath: WritableKeyPath<Scope, NewScope>) -> ScopedDispatcherBase<
        State, Activity, NewScope
    > {
        ScopedDispatcherBase<State, Activity, NewScope>(targetStore: store, scope: scope.appending(path: keyPath))
    }

    /// A dispatcher for another part of the state (a key path from the root).
    public func detached<NewScope>(from keyPath: WritableKeyPath<State, NewScope>) -> ScopedDispatcherBase<
        State, Activity, NewScope
    > {
        ScopedDispatcherBase<State, Activity, NewScope>(targetStore: store, scope: keyPath)
    }
}

extension Store {
    /// The dispatcher type for this store: subclass it to commit from outside the store.
    public typealias Dispatcher = DispatcherBase<State, Activity>
    /// A dispatcher focused on the part of the state of type `Scope`.
    public typealias ScopedDispatcher<Scope> = ScopedDispatcherBase<State, Activity, Scope>
}
