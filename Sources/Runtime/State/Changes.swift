/// One version of a store's state, with the version before it: what observers receive. Read
/// properties directly (`state.items`) and ask what changed (`state.hasChanges(\.items)`).
@dynamicMemberLookup
public final class Changes<State: Sendable>: @unchecked Sendable {
    /// The state itself.
    public let primitive: State
    /// Increases by one with every commit that changed something.
    public let version: UInt64
    /// The state of the version before, and its computed values, without its own previous
    /// version: history never grows. (Separate properties rather than a tuple: generic tuple
    /// metadata is looked up at run time, on every commit.)
    private let previousPrimitive: State?
    private let previousVersion: UInt64
    private let previousCache: ComputedCache.Slot?
    private let modifiedPaths: [AnyKeyPath]
    /// The properties the commit that made this version wrote, when it recorded them.
    public var modifiedKeyPaths: [PartialKeyPath<State>] { modifiedPaths.compactMap { $0 as? PartialKeyPath<State> } }
    /// This version's memoized computed values (created on first use); nil for states without
    /// computed properties, which then cost no extra allocation per commit.
    let computedCache: ComputedCache.Slot?

    /// A version, with the state of the version before it and (when that version's object still
    /// exists) its computed values.
    init(
        primitive: State, version: UInt64, previousPrimitive: State?, previousCache: ComputedCache.Slot?,
        modifiedKeyPaths: [AnyKeyPath], hasComputedProperties: Bool
    ) {
        self.primitive = primitive
        self.version = version
        self.previousPrimitive = previousPrimitive
        previousVersion = version == 0 ? 0 : version - 1
        self.previousCache = previousCache
        modifiedPaths = modifiedKeyPaths
        computedCache = hasComputedProperties ? ComputedCache.Slot() : nil
    }

    private init(primitive: State, version: UInt64, cache: ComputedCache.Slot?) {
        self.primitive = primitive
        self.version = version
        previousPrimitive = nil
        previousVersion = 0
        previousCache = nil
        modifiedPaths = []
        computedCache = cache
    }

    /// The state before this version; nil for the initial state. It has no previous version of
    /// its own.
    public var previous: Changes<State>? {
        guard let previousPrimitive else { return nil }
        return Changes(primitive: previousPrimitive, version: previousVersion, cache: previousCache)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        primitive[keyPath: keyPath]
    }

    /// True when the value at `keyPath` differs from the previous version's (or there is none).
    public func hasChanges<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Bool {
        guard let previousPrimitive else { return true }
        return previousPrimitive[keyPath: keyPath] != primitive[keyPath: keyPath]
    }

    /// True when the value at `keyPath` equals the previous version's.
    public func noChanges<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Bool {
        !hasChanges(keyPath)
    }

    /// Runs `perform` with the value at `keyPath` when it changed since the previous version.
    public func ifChanged<Value: Equatable>(_ keyPath: KeyPath<State, Value>, _ perform: (Value) throws -> Void)
        rethrows
    {
        if hasChanges(keyPath) { try perform(primitive[keyPath: keyPath]) }
    }
}
