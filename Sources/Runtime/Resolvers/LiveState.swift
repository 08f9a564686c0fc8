import Foundation
import RelayState

extension Environment {
    /// A value that changes over time, as a `@live` Relay Resolver returns it (Relay's
    /// `LiveState`): `read` gives the value now, `subscribe` registers a callback to call when it
    /// may have changed and returns what ends the subscription.
    ///
    /// The runtime subscribes while the field's record is in the store and reads again after
    /// each callback; every snapshot that read the field is told, and no other. A `Store` gives
    /// one for any part of its state with `liveState(_:)`.
    public struct LiveState<Value: Sendable>: Sendable {
        private let reading: @Sendable () throws -> Value
        private let subscribing: @Sendable (_ changed: @escaping @Sendable () -> Void) -> @Sendable () -> Void

        /// - Parameters:
        ///   - read: the value now; an error is the field's error (`@catch` holds it).
        ///   - subscribe: calls `changed` after the value may have changed, until the function it
        ///     returns is called.
        public init(
            read: @escaping @Sendable () throws -> Value,
            subscribe: @escaping @Sendable (_ changed: @escaping @Sendable () -> Void) -> @Sendable () -> Void
        ) {
            reading = read
            subscribing = subscribe
        }

        /// The value now.
        public func read() throws -> Value { try reading() }

        /// Calls `changed` after the value may have changed, until the returned function is called.
        public func subscribe(_ changed: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
            subscribing(changed)
        }

        /// A value that never changes.
        public static func constant(_ value: Value) -> LiveState {
            LiveState(read: { value }, subscribe: { _ in {} })
        }
    }
}

extension Store {
    /// A live state of the part of this store's state that `read` picks — a property, or a
    /// memoized computed property (`{ $0.computed.openCount }`) — for a `@live` Relay Resolver.
    /// It tells the runtime of a commit only when that part changed, so a commit elsewhere in the
    /// state re-reads no GraphQL data.
    public func liveState<Value: Equatable & Sendable>(
        _ read: @escaping @Sendable (Changes<State>) -> Value
    ) -> Environment.LiveState<Value> {
        Environment.LiveState(
            read: { [self] in read(state) },
            subscribe: { [self] changed in
                // The value the runtime will read after subscribing, or a later one: a commit
                // between the two is then either seen by that read or told.
                let last = LiveValueBox(read(state))
                let subscription = sinkState(dropsCurrent: true) { changes in
                    if last.replace(with: read(changes)) { changed() }
                }
                return { subscription.cancel() }
            })
    }
}

/// The last value a store's live state told about; replaced from the store's delivering thread.
private final class LiveValueBox<Value: Equatable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Keeps `new`; true when it differs from the value before.
    func replace(with new: Value) -> Bool {
        lock.withLock {
            defer { value = new }
            return value != new
        }
    }
}
