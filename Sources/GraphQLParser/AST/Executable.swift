// Executable definitions: operations, selections and fragments.

/// `query`, `mutation` or `subscription`.
public enum OperationType: String, Hashable, Sendable {
    case query
    case mutation
    case subscription

    init(flag: UInt8) {
        self = flag == 1 ? .mutation : flag == 2 ? .subscription : .query
    }

    var flag: UInt8 {
        switch self {
        case .query: 0
        case .mutation: 1
        case .subscription: 2
        }
    }
}

public struct OperationDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var operation: OperationType { OperationType(flag: raw.flag) }
    /// Nil for an anonymous operation (including the `{ … }` shorthand).
    public var name: Name? { optionalChild(raw.a) }
    public var variableDefinitions: NodeList<VariableDefinition> { list(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
    public var selectionSet: SelectionSet { child(raw.d) }
}

public struct VariableDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var variable: Variable { child(raw.a) }
    public var type: TypeReference { child(raw.b) }
    public var defaultValue: Value? { optionalChild(raw.c) }
    public var directives: NodeList<Directive> { list(raw.d) }
}

public struct SelectionSet: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var selections: NodeList<Selection> { list(raw.a) }
}

public enum Selection: SyntaxElement {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public init(tree: SyntaxTree, id: UInt32) {
        switch tree.nodes[Int(id)].kind {
        case .field: self = .field(Field(tree: tree, id: id))
        case .fragmentSpread: self = .fragmentSpread(FragmentSpread(tree: tree, id: id))
        default: self = .inlineFragment(InlineFragment(tree: tree, id: id))
        }
    }

    public var range: SourceRange {
        switch self {
        case .field(let node): node.range
        case .fragmentSpread(let node): node.range
        case .inlineFragment(let node): node.range
        }
    }

    public var directives: NodeList<Directive> {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}

public struct Field: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var alias: Name? { optionalChild(raw.a) }
    public var name: Name { child(raw.b) }
    public var arguments: NodeList<Argument> { list(raw.c) }
    public var directives: NodeList<Directive> { list(raw.d) }
    public var selectionSet: SelectionSet? { optionalChild(raw.e) }

    /// The key under which the field appears in a response: its alias, or else its name.
    public var responseKey: Name { alias ?? name }
}

public struct Argument: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.a) }
    public var value: Value { child(raw.b) }
}

public struct FragmentSpread: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.a) }
    public var directives: NodeList<Directive> { list(raw.b) }
    /// `...F(size: 20)`: only with `ParseOptions.allowsFragmentVariables`.
    public var arguments: NodeList<Argument> { list(raw.c) }
}

public struct InlineFragment: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var typeCondition: NamedType? { optionalChild(raw.a) }
    public var directives: NodeList<Directive> { list(raw.b) }
    public var selectionSet: SelectionSet { child(raw.c) }
}

public struct FragmentDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.a) }
    public var typeCondition: NamedType { child(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
    public var selectionSet: SelectionSet { child(raw.d) }
    /// `fragment F($size: Int = 10) on T`: only with `ParseOptions.allowsFragmentVariables`.
    public var variableDefinitions: NodeList<VariableDefinition> { list(raw.e) }
}

public struct Directive: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.a) }
    public var arguments: NodeList<Argument> { list(raw.b) }
}
