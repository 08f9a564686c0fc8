import Foundation
import Synchronization

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

        /// The value for `changes`: its cached one (read without a lock), an earlier version's
        /// when `dropsInput` says the input did not change since, or a new one.
        @inlinable
        func value(for changes: Changes<State>) -> Output {
            let key = ObjectIdentifier(self)
            if let ready = changes.computedCache?.existingEntry(for: key, of: Output.self)?.readyValue {
                return ready
            }
            return computeValue(for: changes)
        }

        @usableFromInline
        func computeValue(for changes: Changes<State>) -> Output {
            guard let cache = changes.computedCache else { return compute(changes) }
            let key = ObjectIdentifier(self)
            return cache.entry(for: key, of: Output.self).value {
                changes.reusableValue(for: key, of: Output.self, if: shouldReuse) ?? compute(changes)
            }
        }
    }
}

/// The computed values of one state version, safe to read from many threads.
@usableFromInline
final class ComputedCache: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    /// One entry per computed field, by the field's identity; used only with `lock` held.
    @exclusivity(unchecked) @usableFromInline var entries: [ObjectIdentifier: AnyObject] = [:]

    @usableFromInline
    init() {}

    /// The entry of a field, made on first use.
    @inlinable
    func entry<Output>(for key: ObjectIdentifier, of _: Output.Type) -> ComputedEntry<Output> {
        lock.withLock {
            // A field's entries always hold its own `Output`, so the cast cannot fail.
            if let existing = entries[key] { return unsafeDowncast(existing, to: ComputedEntry<Output>.self) }
            let made = ComputedEntry<Output>()
            entries[key] = made
            return made
        }
    }

    /// The entry of a field if this version has one.
    @inlinable
    func existingEntry<Output>(for key: ObjectIdentifier, of _: Output.Type) -> ComputedEntry<Output>? {
        lock.withLock {
            entries[key].map { unsafeDowncast($0, to: ComputedEntry<Output>.self) }
        }
    }
}

/// One field's value in one version: computed once, then read without a lock.
@usableFromInline
final class ComputedEntry<Output>: @unchecked Sendable {
    /// Held while computing, so concurrent first reads compute once. Not recursive: a field
    /// reading itself is a cycle; a field reading another field uses that field's entry.
    @usableFromInline let computing = NSLock()
    /// Set (releasing) after `stored` is written, once; `stored` is read only after seeing it
    /// set (acquiring), so reads need no lock.
    @usableFromInline let isReady = Atomic<Bool>(false)
    @usableFromInline var stored: Output?

    @usableFromInline
    init() {}

    /// The value, if computed.
    @inlinable
    var readyValue: Output? {
        isReady.load(ordering: .acquiring) ? stored : nil
    }

    /// The value, computed by `make` if nobody has yet.
    @inlinable
    func value(orMake make: () -> Output) -> Output {
        if let ready = readyValue { return ready }
        computing.lock()
        defer { computing.unlock() }
        if let ready = readyValue { return ready }
        let made = make()
        stored = made
        isReady.store(true, ordering: .releasing)
        return made
    }
}

extension Changes where State: ExtendedStateType {
    /// `state.computed.name`: reads computed fields of a state version.
    @dynamicMemberLookup
    public struct ComputedProxy: Sendable {
        @usableFromInline let changes: Changes<State>

        @inlinable
        public subscript<Output>(dynamicMember keyPath: KeyPath<State.Extended, ComputedFields<State>.Computed<Output>>)
            -> Output
        {
            State.Extended.instance[keyPath: keyPath].value(for: changes)
        }
    }

    /// The state's memoized computed properties.
    public var computed: ComputedProxy { ComputedProxy(changes: self) }
}
