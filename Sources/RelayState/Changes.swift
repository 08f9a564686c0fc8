/// One version of a store's state, with the version before it: what observers receive. Read
/// properties directly (`state.items`) and ask what changed (`state.hasChanges(\.items)`).
@dynamicMemberLookup
public final class Changes<State: Sendable>: @unchecked Sendable {
    /// The state itself.
    public let primitive: State
    /// Increases by one with every commit that changed something.
    public let version: UInt64
    /// The state of the version before, without its own previous version: history never
    /// grows. (Separate properties rather than a tuple: generic tuple metadata is looked up at
    /// run time.)
    @usableFromInline let previousPrimitive: State?
    @usableFromInline let previousVersion: UInt64
    @usableFromInline let modified: ModifiedProperties
    /// This version's memoized computed values; nil for states without computed properties.
    /// Made with the version's `Changes` (which exists only once someone reads or observes
    /// that version); its table stays empty until a computed property is read.
    @usableFromInline let computedCache: ComputedCache?
    /// The latest earlier version whose `Changes` existed, whose computed values this version
    /// may reuse; without its own base, so history never grows.
    @usableFromInline let reuseBase: ReuseBase?

    /// An earlier version's state and computed values.
    @usableFromInline
    struct ReuseBase {
        @usableFromInline let primitive: State
        @usableFromInline let version: UInt64
        @usableFromInline let cache: ComputedCache

        @inlinable
        init(primitive: State, version: UInt64, cache: ComputedCache) {
            self.primitive = primitive
            self.version = version
            self.cache = cache
        }
    }

    /// A version, with the state of the version before it and the latest earlier version whose
    /// computed values it may reuse.
    @inlinable
    init(
        primitive: State, version: UInt64, previousPrimitive: State?, modified: ModifiedProperties,
        reusing base: Changes<State>?, hasComputedProperties: Bool
    ) {
        self.primitive = primitive
        self.version = version
        self.previousPrimitive = previousPrimitive
        previousVersion = version == 0 ? 0 : version - 1
        self.modified = modified
        computedCache = hasComputedProperties ? ComputedCache() : nil
        reuseBase = base.flatMap { base in
            base.computedCache.map { ReuseBase(primitive: base.primitive, version: base.version, cache: $0) }
        }
    }

    /// A version seen against an earlier one (`previous`, or the base of computed values).
    private init(
        primitive: State, version: UInt64, previousPrimitive: State?, previousVersion: UInt64, cache: ComputedCache?
    ) {
        self.primitive = primitive
        self.version = version
        self.previousPrimitive = previousPrimitive
        self.previousVersion = previousVersion
        modified = ModifiedProperties()
        computedCache = cache
        reuseBase = nil
    }

    /// The state before this version; nil for the initial state. It has no previous version of
    /// its own.
    public var previous: Changes<State>? {
        guard let previousPrimitive else { return nil }
        let cache = reuseBase.flatMap { $0.version == previousVersion ? $0.cache : nil }
        return Changes(
            primitive: previousPrimitive, version: previousVersion, previousPrimitive: nil, previousVersion: 0,
            cache: cache)
    }

    /// The value of a computed field an earlier version computed, when `shouldReuse` says its
    /// input has not changed since that version (judged against that version's state, even when
    /// versions nobody read came in between).
    @usableFromInline
    func reusableValue<Output>(
        for key: ObjectIdentifier, of _: Output.Type, if shouldReuse: (Changes<State>) -> Bool
    ) -> Output? {
        guard let base = reuseBase, let cached = base.cache.existingEntry(for: key, of: Output.self)?.readyValue
        else { return nil }
        let sinceBase =
            base.version == previousVersion
            ? self
            : Changes(
                primitive: primitive, version: version, previousPrimitive: base.primitive,
                previousVersion: base.version, cache: nil)
        return shouldReuse(sinceBase) ? cached : nil
    }

    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        primitive[keyPath: keyPath]
    }

    /// True when the commit that made this version changed the property at `keyPath` (or a
    /// property it contains, for a scoped dispatcher's commit: then the scope's key path). Unlike
    /// `hasChanges`, it needs no comparison, and works for properties that are not `Equatable`.
    public func wasModified(_ keyPath: PartialKeyPath<State>) -> Bool {
        modified.contains(PropertyIdentity(partial: keyPath))
    }

    /// True when the value at `keyPath` differs from the previous version's (or there is none).
    @inlinable
    public func hasChanges<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Bool {
        guard let previousPrimitive else { return true }
        return previousPrimitive[keyPath: keyPath] != primitive[keyPath: keyPath]
    }

    /// True when the value at `keyPath` equals the previous version's.
    @inlinable
    public func noChanges<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Bool {
        !hasChanges(keyPath)
    }

    /// Runs `perform` with the value at `keyPath` when it changed since the previous version.
    @inlinable
    public func ifChanged<Value: Equatable>(_ keyPath: KeyPath<State, Value>, _ perform: (Value) throws -> Void)
        rethrows
    {
        if hasChanges(keyPath) { try perform(primitive[keyPath: keyPath]) }
    }
}
