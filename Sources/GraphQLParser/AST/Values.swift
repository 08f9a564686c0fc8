// Input values and type references.

/// An input value as written: a literal, a variable, or a list or object of values.
public enum Value: SyntaxElement {
    case variable(Variable)
    case int(IntValue)
    case float(FloatValue)
    case string(StringValue)
    case boolean(BooleanValue)
    case null(NullValue)
    case enumValue(EnumValue)
    case list(ListValue)
    case object(ObjectValue)

    public init(tree: SyntaxTree, id: UInt32) {
        switch tree.nodes[Int(id)].kind {
        case .variable: self = .variable(.init(tree: tree, id: id))
        case .intValue: self = .int(.init(tree: tree, id: id))
        case .floatValue: self = .float(.init(tree: tree, id: id))
        case .stringValue: self = .string(.init(tree: tree, id: id))
        case .booleanValue: self = .boolean(.init(tree: tree, id: id))
        case .nullValue: self = .null(.init(tree: tree, id: id))
        case .enumValue: self = .enumValue(.init(tree: tree, id: id))
        case .listValue: self = .list(.init(tree: tree, id: id))
        default: self = .object(.init(tree: tree, id: id))
        }
    }

    public var range: SourceRange {
        switch self {
        case .variable(let node): node.range
        case .int(let node): node.range
        case .float(let node): node.range
        case .string(let node): node.range
        case .boolean(let node): node.range
        case .null(let node): node.range
        case .enumValue(let node): node.range
        case .list(let node): node.range
        case .object(let node): node.range
        }
    }
}

public struct Variable: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    /// The name without the `$`.
    public var name: Name { child(raw.a) }
}

public struct IntValue: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    /// The literal as written, e.g. `-12`; it may exceed any fixed-width integer type.
    public var text: String { tree.text(range) }
}

public struct FloatValue: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    /// The literal as written, e.g. `1.5e10`.
    public var text: String { tree.text(range) }
}

/// A string literal. Its value is decoded from the source when read, not during parsing: most
/// descriptions in a schema are never read.
public struct StringValue: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    /// True for `"""block strings"""`.
    public var isBlock: Bool { raw.flag != 0 }

    /// The string's value: escapes decoded, or for a block string, dedented.
    public var value: String {
        var source = tree.source
        let range = range
        let isBlock = isBlock
        return source.withUTF8 { bytes in
            isBlock ? BlockStrings.value(in: bytes, range: range) : StringValues.stringValue(in: bytes, range: range)
        }
    }
}

public struct BooleanValue: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var value: Bool { raw.flag != 0 }
}

public struct NullValue: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }
}

public struct EnumValue: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.a) }
}

public struct ListValue: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var values: NodeList<Value> { list(raw.a) }
}

public struct ObjectValue: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var fields: NodeList<ObjectField> { list(raw.a) }
}

public struct ObjectField: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.a) }
    public var value: Value { child(raw.b) }
}

/// A type as written in a variable or field definition: `Int`, `[Int]`, `[Int!]!`.
public enum TypeReference: SyntaxElement {
    case named(NamedType)
    case list(ListType)
    case nonNull(NonNullType)

    public init(tree: SyntaxTree, id: UInt32) {
        switch tree.nodes[Int(id)].kind {
        case .listType: self = .list(.init(tree: tree, id: id))
        case .nonNullType: self = .nonNull(.init(tree: tree, id: id))
        default: self = .named(.init(tree: tree, id: id))
        }
    }

    public var range: SourceRange {
        switch self {
        case .named(let node): node.range
        case .list(let node): node.range
        case .nonNull(let node): node.range
        }
    }

    /// The named type at the core of the wrappers: `User` for `[User!]!`.
    public var namedType: NamedType {
        var type = self
        while true {
            switch type {
            case .named(let named): return named
            case .list(let list): type = list.type
            case .nonNull(let nonNull): type = nonNull.type
            }
        }
    }
}

public struct NamedType: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.a) }
}

public struct ListType: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    /// The element type.
    public var type: TypeReference { child(raw.a) }
}

public struct NonNullType: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    /// The nullable type it wraps (a named or list type).
    public var type: TypeReference { child(raw.a) }
}
