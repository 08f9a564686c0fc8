import GraphQLParser

extension Schema {
    /// Every value of the named type `type` is a `supertype`: the same type, or one of its
    /// interfaces or unions (Relay's `is_named_type_subtype_of`). Where it holds, selections on
    /// `supertype` always match a value of `type`.
    func isNamedSubtype(_ type: String, of supertype: String) -> Bool {
        guard type != supertype else { return true }
        guard let subtype = self[type], let superType = self[supertype], superType.kind.isAbstract else {
            return false
        }
        return isSubType(superType, subtype)
    }
}

extension TypeRef {
    /// True for a list type (not looking through non-null).
    var isList: Bool {
        if case .list = self { true } else { false }
    }

    /// The type with every non-null wrapper removed: `[ID!]!` → `[ID]`.
    var withoutNonNull: TypeRef {
        switch self {
        case .named: self
        case .list(let item): .list(item.withoutNonNull)
        case .nonNull(let inner): inner.withoutNonNull
        }
    }
}
