/// A mutable view of a store's state during a `commit`, which records which properties were
/// written so the store can tell a real change from a no-op.
///
/// Writing a value equal to the current one (for `Equatable` properties) does not count as a
/// change: a commit that only does that emits nothing.
@dynamicMemberLookup
public struct InoutRef<State> {
    // Inlinable, so the key-path work specializes in the caller's module instead of looking up
    // generic metadata on every write.
    @usableFromInline let pointer: UnsafeMutablePointer<State>
    /// The first changed key path, and any others: most commits change one property, which
    /// then costs no allocation. Stored as `AnyKeyPath`, a non-generic class, so the hot path
    /// needs no generic metadata.
    @usableFromInline var firstModifiedPath: AnyKeyPath?
    @usableFromInline var otherModifiedPaths: [AnyKeyPath] = []

    /// Key paths whose values changed, in the order they were first written.
    public var modifiedKeyPaths: [PartialKeyPath<State>] {
        modifiedPaths.compactMap { $0 as? PartialKeyPath<State> }
    }

    @usableFromInline
    var modifiedPaths: [AnyKeyPath] {
        firstModifiedPath.map { [$0] + otherModifiedPaths } ?? []
    }
    /// True once anything was replaced wholesale or changed in a way that cannot be compared.
    public internal(set) var wasReplaced = false

    @inlinable
    init(_ pointer: UnsafeMutablePointer<State>) {
        self.pointer = pointer
    }

    /// True when the commit changed the state.
    @inlinable
    public var hasModifications: Bool { wasReplaced || firstModifiedPath != nil }

    /// The state as it is now, inside the commit.
    public var wrapped: State { pointer.pointee }

    @inlinable
    mutating func markModified(_ keyPath: AnyKeyPath) {
        guard let first = firstModifiedPath else {
            firstModifiedPath = keyPath
            return
        }
        if first != keyPath, !otherModifiedPaths.contains(keyPath) { otherModifiedPaths.append(keyPath) }
    }

    /// Reads and writes an `Equatable` property; a write that leaves it equal is not a change.
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: WritableKeyPath<State, Value>) -> Value {
        get { pointer.pointee[keyPath: keyPath] }
        set {
            guard pointer.pointee[keyPath: keyPath] != newValue else { return }
            pointer.pointee[keyPath: keyPath] = newValue
            markModified(keyPath)
        }
        _modify {
            let before = pointer.pointee[keyPath: keyPath]
            yield &pointer.pointee[keyPath: keyPath]
            if pointer.pointee[keyPath: keyPath] != before { markModified(keyPath) }
        }
    }

    /// Reads and writes a property that cannot be compared: every write counts as a change.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<State, Value>) -> Value {
        get { pointer.pointee[keyPath: keyPath] }
        set {
            pointer.pointee[keyPath: keyPath] = newValue
            markModified(keyPath)
        }
        _modify {
            yield &pointer.pointee[keyPath: keyPath]
            markModified(keyPath)
        }
    }

    /// Runs `body` on the part of the state at `keyPath`; the part counts as modified when the
    /// body modified it. Used by scoped dispatchers.
    public mutating func modify<Scope, Result>(
        _ keyPath: WritableKeyPath<State, Scope>, _ body: (inout InoutRef<Scope>) throws -> Result
    ) rethrows -> Result {
        let (result, modified) = try withUnsafeMutablePointer(to: &pointer.pointee[keyPath: keyPath]) { scoped in
            var reference = InoutRef<Scope>(scoped)
            let result = try body(&reference)
            return (result, reference.hasModifications)
        }
        if modified { markModified(keyPath) }
        return result
    }

    /// Replaces the whole state.
    public mutating func replace(with state: State) {
        pointer.pointee = state
        wasReplaced = true
    }
}
