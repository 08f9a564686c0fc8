/// An input value as written: a literal, a variable, or a list or object of values.
public enum Value: Hashable, Sendable {
    case variable(Variable)
    /// The literal's text, e.g. `-12`; integers may exceed any fixed-width type.
    case int(String, SourceRange)
    /// The literal's text, e.g. `1.5e10`.
    case float(String, SourceRange)
    case string(StringValue)
    case boolean(Bool, SourceRange)
    case null(SourceRange)
    case enumValue(Name)
    case list([Value], SourceRange)
    case object([ObjectField], SourceRange)

    public var range: SourceRange {
        switch self {
        case .variable(let variable): variable.range
        case .int(_, let range), .float(_, let range), .boolean(_, let range), .null(let range),
            .list(_, let range), .object(_, let range):
            range
        case .string(let string): string.range
        case .enumValue(let name): name.range
        }
    }
}

public struct Variable: Hashable, Sendable {
    /// The name without the `$`.
    public var name: Name
    public var range: SourceRange

    public init(name: Name, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

public struct StringValue: Hashable, Sendable {
    /// The string's value: escapes decoded, or for a block string, dedented.
    public var value: String
    /// True for `"""block strings"""`.
    public var isBlock: Bool
    public var range: SourceRange

    public init(value: String, isBlock: Bool, range: SourceRange) {
        self.value = value
        self.isBlock = isBlock
        self.range = range
    }
}

public struct ObjectField: Hashable, Sendable {
    public var name: Name
    public var value: Value
    public var range: SourceRange

    public init(name: Name, value: Value, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// A type as written in a variable or field definition: `Int`, `[Int]`, `[Int!]!`.
public enum TypeReference: Hashable, Sendable {
    case named(NamedType)
    indirect case list(TypeReference, SourceRange)
    indirect case nonNull(TypeReference, SourceRange)

    public var range: SourceRange {
        switch self {
        case .named(let named): named.range
        case .list(_, let range), .nonNull(_, let range): range
        }
    }

    /// The named type at the core of the wrappers: `User` for `[User!]!`.
    public var namedType: NamedType {
        switch self {
        case .named(let named): named
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }
}

public struct NamedType: Hashable, Sendable {
    public var name: Name
    public var range: SourceRange { name.range }

    public init(name: Name) {
        self.name = name
    }
}
