/// A parsed GraphQL document: executable definitions, type-system definitions, or both.
public struct Document: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32

    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var definitions: NodeList<Definition> { list(raw.a) }
}

/// A name as written in the source. Each distinct name is stored once per document.
public struct Name: SyntaxNode, CustomStringConvertible {
    public let tree: SyntaxTree
    public let id: UInt32

    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var value: String { tree.names[Int(raw.a)] }
    /// The name's index among the distinct names of its document: equal names of one document
    /// have equal indices.
    var internedIndex: UInt32 { raw.a }
    public var description: String { value }
}

/// One top-level definition.
public enum Definition: SyntaxElement {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    case schema(SchemaDefinition)
    case scalar(ScalarTypeDefinition)
    case object(ObjectTypeDefinition)
    case interface(InterfaceTypeDefinition)
    case union(UnionTypeDefinition)
    case enumType(EnumTypeDefinition)
    case inputObject(InputObjectTypeDefinition)
    case directive(DirectiveDefinition)
    case schemaExtension(SchemaExtension)
    case scalarExtension(ScalarTypeExtension)
    case objectExtension(ObjectTypeExtension)
    case interfaceExtension(InterfaceTypeExtension)
    case unionExtension(UnionTypeExtension)
    case enumExtension(EnumTypeExtension)
    case inputObjectExtension(InputObjectTypeExtension)

    public init(tree: SyntaxTree, id: UInt32) {
        switch tree.nodes[Int(id)].kind {
        case .operationDefinition: self = .operation(.init(tree: tree, id: id))
        case .fragmentDefinition: self = .fragment(.init(tree: tree, id: id))
        case .schemaDefinition: self = .schema(.init(tree: tree, id: id))
        case .scalarTypeDefinition: self = .scalar(.init(tree: tree, id: id))
        case .objectTypeDefinition: self = .object(.init(tree: tree, id: id))
        case .interfaceTypeDefinition: self = .interface(.init(tree: tree, id: id))
        case .unionTypeDefinition: self = .union(.init(tree: tree, id: id))
        case .enumTypeDefinition: self = .enumType(.init(tree: tree, id: id))
        case .inputObjectTypeDefinition: self = .inputObject(.init(tree: tree, id: id))
        case .directiveDefinition: self = .directive(.init(tree: tree, id: id))
        case .schemaExtension: self = .schemaExtension(.init(tree: tree, id: id))
        case .scalarTypeExtension: self = .scalarExtension(.init(tree: tree, id: id))
        case .objectTypeExtension: self = .objectExtension(.init(tree: tree, id: id))
        case .interfaceTypeExtension: self = .interfaceExtension(.init(tree: tree, id: id))
        case .unionTypeExtension: self = .unionExtension(.init(tree: tree, id: id))
        case .enumTypeExtension: self = .enumExtension(.init(tree: tree, id: id))
        default: self = .inputObjectExtension(.init(tree: tree, id: id))
        }
    }

    /// The view of the definition's node, whatever its kind.
    public var node: any SyntaxNode {
        switch self {
        case .operation(let node): node
        case .fragment(let node): node
        case .schema(let node): node
        case .scalar(let node): node
        case .object(let node): node
        case .interface(let node): node
        case .union(let node): node
        case .enumType(let node): node
        case .inputObject(let node): node
        case .directive(let node): node
        case .schemaExtension(let node): node
        case .scalarExtension(let node): node
        case .objectExtension(let node): node
        case .interfaceExtension(let node): node
        case .unionExtension(let node): node
        case .enumExtension(let node): node
        case .inputObjectExtension(let node): node
        }
    }

    public var range: SourceRange { node.range }

    /// True for operations and fragments, the definitions a client sends to a server.
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        default: false
        }
    }
}
