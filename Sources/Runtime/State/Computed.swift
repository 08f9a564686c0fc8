import Foundation

/// A state with memoized computed properties, declared in a nested `Extended` type:
///
/// ```swift
/// struct State: ExtendedStateType {
///     var items: [Int] = []
///     struct Extended: ExtendedType {
///         static let instance = Extended()
///         let filteredArray = Field.Computed<[Int]> { $0.items.filter { $0 > 300 } }
///             .dropsInput { $0.noChanges(\.items) }
///     }
/// }
/// let filtered = store.state.computed.filteredArray
/// ```
public protocol ExtendedStateType: Sendable {
    associatedtype Extended: ExtendedType
}

/// The holder of a state's computed fields; one shared instance.
public protocol ExtendedType: Sendable {
    static var instance: Self { get }
}

extension ExtendedStateType {
    /// Declares computed fields: `Field.Computed<Output> { state in … }`.
    public typealias Field = ComputedFields<Self>
}

/// The namespace behind `Field` in an `ExtendedStateType`.
public enum ComputedFields<State: Sendable> {
    /// A value derived from the state, computed at most once per relevant change: a version of
    /// the state reuses the previous version's value when `dropsInput` says its input did not
    /// change, and concurrent first reads compute once.
    public final class Computed<Output>: @unchecked Sendable {
        let compute: @Sendable (Changes<State>) -> Output
        let shouldReuse: @Sendable (Changes<State>) -> Bool

        public init(_ compute: @escaping @Sendable (Changes<State>) -> Output) {
            self.compute = compute
            shouldReuse = { _ in false }
        }

        private init(
            compute: @escaping @Sendable (Changes<State>) -> Output,
            shouldReuse: @escaping @Sendable (Changes<State>) -> Bool
        ) {
            self.compute = compute
            self.shouldReuse = shouldReuse
        }

        /// Reuses the previous version's value when `noChangeInInput` returns true for the new
        /// version (typically `$0.noChanges(\.items)`).
        public func dropsInput(_ noChangeInInput: @escaping @Sendable (Changes<State>) -> Bool) -> Computed<Output> {
            Computed(compute: compute, shouldReuse: noChangeInInput)
        }

        func value(for changes: Changes<State>) -> Output {
            let key = ObjectIdentifier(self)
            guard let slot = changes.computedCache else { return compute(changes) }
            return slot.cache.value(for: key) {
                if let previous = changes.previous,
                    let cached: Output = previous.computedCache?.existingCache?.cachedValue(for: key),
                    shouldReuse(changes)
                {
                    return cached
                }
                return compute(changes)
            }
        }
    }
}

/// Computed values of one state version, safe to read from many threads.
final class ComputedCache: @unchecked Sendable {
    /// Where a version's cache lives; the cache (and its lock) is made on first use, so
    /// versions nobody computes anything on cost one small allocation.
    final class Slot: @unchecked Sendable {
        private static let creation = NSLock()
        private var stored: ComputedCache?

        var cache: ComputedCache {
            Self.creation.withLock {
                if let stored { return stored }
                let made = ComputedCache()
                stored = made
                return made
            }
        }

        var existingCache: ComputedCache? {
            Self.creation.withLock { stored }
        }
    }

    /// Recursive, so a computed property may read another one of the same version.
    private let lock = NSRecursiveLock()
    private var values: [ObjectIdentifier: Any] = [:]

    func cachedValue<Value>(for key: ObjectIdentifier) -> Value? {
        lock.withLock { values[key] as? Value }
    }

    /// The cached value, or `make()`'s, computed under the lock so concurrent first reads
    /// compute once.
    func value<Value>(for key: ObjectIdentifier, make: () -> Value) -> Value {
        lock.withLock {
            if let cached = values[key] as? Value { return cached }
            let value = make()
            values[key] = value
            return value
        }
    }
}

/// `state.computed.name`: reads computed fields of a state version.
@dynamicMemberLookup
public struct ComputedProxy<State: ExtendedStateType>: Sendable {
    let changes: Changes<State>

    public subscript<Output>(dynamicMember keyPath: KeyPath<State.Extended, ComputedFields<State>.Computed<Output>>)
        -> Output
    {
        State.Extended.instance[keyPath: keyPath].value(for: changes)
    }
}

extension Changes where State: ExtendedStateType {
    /// The state's memoized computed properties.
    public var computed: ComputedProxy<State> { ComputedProxy(changes: self) }
}
