/// Which property of a state a commit wrote, cheap enough to record on every write.
///
/// A stored property (or a path of stored properties) is known by its byte offset in the state
/// and its type: for a key-path literal the compiler folds both to constants, so recording a
/// write allocates nothing and does not even make the key-path object (which would cost two
/// atomic reference-count operations per write). Other key paths (computed properties,
/// subscripts) are kept as they are.
@usableFromInline
enum PropertyIdentity: Equatable, @unchecked Sendable {
    /// The type tells apart a stored property from a nested one at the same offset
    /// (`\.settings` and `\.settings.theme`).
    case stored(offset: Int, type: ObjectIdentifier)
    case keyPath(AnyKeyPath)

    @inlinable
    init<Root, Value>(_ keyPath: KeyPath<Root, Value>) {
        if let offset = MemoryLayout<Root>.offset(of: keyPath) {
            self = .stored(offset: offset, type: ObjectIdentifier(Value.self))
        } else {
            self = .keyPath(keyPath)
        }
    }

    /// The identity of a key path whose value type is known only at run time.
    init<Root>(partial keyPath: PartialKeyPath<Root>) {
        if let offset = MemoryLayout<Root>.offset(of: keyPath) {
            self = .stored(offset: offset, type: ObjectIdentifier(type(of: keyPath).valueType))
        } else {
            self = .keyPath(keyPath)
        }
    }
}

/// The properties one commit changed, in the order it first changed them: the first inline
/// (most commits change one property, which then costs no array), the rest in an array.
@usableFromInline
struct ModifiedProperties: @unchecked Sendable {
    @usableFromInline var first: PropertyIdentity?
    @usableFromInline var others: [PropertyIdentity]?

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { first == nil }

    /// Moves the properties out, leaving this empty (no reference counting on the way).
    @inlinable
    mutating func take() -> ModifiedProperties {
        var taken = ModifiedProperties()
        swap(&taken, &self)
        return taken
    }

    @inlinable
    func contains(_ property: PropertyIdentity) -> Bool {
        guard let first else { return false }
        return first == property || others?.contains(property) == true
    }

    @inlinable
    mutating func insert(_ property: PropertyIdentity) {
        guard let first else {
            first = property
            return
        }
        guard first != property else { return }
        if var list = others {
            guard !list.contains(property) else { return }
            others = nil
            list.append(property)
            others = list
        } else {
            others = [property]
        }
    }
}
