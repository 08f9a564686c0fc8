/// One version of a store's state, with the version before it: what observers receive. Read
/// properties directly (`state.items`) and ask what changed (`state.hasChanges(\.items)`).
@dynamicMemberLookup
public final class Changes<State: Sendable>: @unchecked Sendable {
    /// The state itself.
    public let primitive: State
    /// Increases by one with every commit that changed something.
    public let version: UInt64
    /// The state before this version; nil for the initial state. It does not keep its own
    /// previous version, so history never grows.
    public let previous: Changes<State>?
    /// The properties the commit that made this version wrote, when it recorded them.
    public let modifiedKeyPaths: [PartialKeyPath<State>]
    let computedCache: ComputedCache

    init(
        primitive: State, version: UInt64, previous: Changes<State>?, modifiedKeyPaths: [PartialKeyPath<State>],
        computedCache: ComputedCache = ComputedCache()
    ) {
        self.primitive = primitive
        self.version = version
        self.previous = previous
        self.modifiedKeyPaths = modifiedKeyPaths
        self.computedCache = computedCache
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        primitive[keyPath: keyPath]
    }

    /// True when the value at `keyPath` differs from the previous version's (or there is none).
    public func hasChanges<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Bool {
        guard let previous else { return true }
        return previous.primitive[keyPath: keyPath] != primitive[keyPath: keyPath]
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

    /// This version without its previous one, to become the next version's `previous`.
    func droppingPrevious() -> Changes<State> {
        guard previous != nil else { return self }
        return Changes(
            primitive: primitive, version: version, previous: nil, modifiedKeyPaths: modifiedKeyPaths,
            computedCache: computedCache)
    }
}
