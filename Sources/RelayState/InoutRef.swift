/// A mutable view of a store's state during a `commit`, which records which properties were
/// written so the store can tell a real change from a no-op.
///
/// Writing a value equal to the current one (for `Equatable` properties) does not count as a
/// change: a commit that only does that emits nothing, and costs no copy of the state.
@dynamicMemberLookup
public struct InoutRef<State> {
    // Inlinable, so the key-path work specializes in the caller's module instead of looking up
    // generic metadata on every write.
    @usableFromInline let pointer: UnsafeMutablePointer<State>
    /// The state as it was before the commit's first change, taken just before that change:
    /// the store keeps it as the previous version, or puts it back if the commit throws.
    @usableFromInline var original: State?
    /// The properties changed so far.
    @usableFromInline var modified = ModifiedProperties()

    /// True when this commit has changed the property at `keyPath` so far.
    public func wasModified(_ keyPath: PartialKeyPath<State>) -> Bool {
        modified.contains(PropertyIdentity(partial: keyPath))
    }

    /// True once the whole state was replaced.
    public internal(set) var wasReplaced = false

    @inlinable
    init(_ pointer: UnsafeMutablePointer<State>) {
        self.pointer = pointer
    }

    /// True when the commit changed the state.
    @inlinable
    public var hasModifications: Bool { original != nil }

    /// The state as it is now, inside the commit.
    public var wrapped: State { pointer.pointee }

    /// Keeps the state as it is before its first change.
    @inlinable
    mutating func willModify() {
        if original == nil { original = pointer.pointee }
    }

    /// Reads and writes an `Equatable` property; a write that leaves it equal is not a change.
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: WritableKeyPath<State, Value>) -> Value {
        get { pointer.pointee[keyPath: keyPath] }
        set {
            guard pointer.pointee[keyPath: keyPath] != newValue else { return }
            willModify()
            pointer.pointee[keyPath: keyPath] = newValue
            modified.insert(PropertyIdentity(keyPath))
        }
        _modify {
            // One `yield`, so the accessor inlines. On the commit's first change, keep the whole
            // state as it is (it becomes the original if the value changes); on a property
            // already changed in this commit, compare nothing: that would copy the value (a
            // whole array, for every `append` in a loop) to learn nothing new.
            let isFirstChange = original == nil
            if isFirstChange { original = pointer.pointee }
            let before =
                isFirstChange || modified.contains(PropertyIdentity(keyPath)) ? nil : pointer.pointee[keyPath: keyPath]
            yield &pointer.pointee[keyPath: keyPath]
            if isFirstChange {
                if let original, pointer.pointee[keyPath: keyPath] == original[keyPath: keyPath] {
                    self.original = nil
                } else {
                    modified.insert(PropertyIdentity(keyPath))
                }
            } else if let before, pointer.pointee[keyPath: keyPath] != before {
                modified.insert(PropertyIdentity(keyPath))
            }
        }
    }

    /// Reads and writes a property that cannot be compared: every write counts as a change.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<State, Value>) -> Value {
        get { pointer.pointee[keyPath: keyPath] }
        set {
            willModify()
            pointer.pointee[keyPath: keyPath] = newValue
            modified.insert(PropertyIdentity(keyPath))
        }
        _modify {
            willModify()
            yield &pointer.pointee[keyPath: keyPath]
            modified.insert(PropertyIdentity(keyPath))
        }
    }

    /// Runs `body` on the part of the state at `keyPath`; the part counts as modified when the
    /// body modified it. Used by scoped dispatchers.
    public mutating func modify<Scope, Result>(
        _ keyPath: WritableKeyPath<State, Scope>, _ body: (inout InoutRef<Scope>) throws -> Result
    ) rethrows -> Result {
        let (result, scopeOriginal) = try withUnsafeMutablePointer(to: &pointer.pointee[keyPath: keyPath]) { scoped in
            var reference = InoutRef<Scope>(scoped)
            do {
                return (try body(&reference), reference.original)
            } catch {
                if let original = reference.original { scoped.pointee = original }
                throw error
            }
        }
        guard let scopeOriginal else { return result }
        if original == nil {
            var state = pointer.pointee
            state[keyPath: keyPath] = scopeOriginal
            original = state
        }
        modified.insert(PropertyIdentity(keyPath))
        return result
    }

    /// Replaces the whole state.
    public mutating func replace(with state: State) {
        willModify()
        pointer.pointee = state
        wasReplaced = true
    }
}
