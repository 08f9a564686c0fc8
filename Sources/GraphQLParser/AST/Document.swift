/// A parsed GraphQL document: executable definitions, type-system definitions, or both.
///
/// AST nodes are value types holding their children in arrays, so a parse allocates one buffer
/// per non-empty list rather than one object per node. Every node keeps the byte range of its
/// source text (from its first token to its last) for diagnostics.
public struct Document: Hashable, Sendable {
    public var definitions: [Definition]
    public var range: SourceRange

    public init(definitions: [Definition], range: SourceRange) {
        self.definitions = definitions
        self.range = range
    }
}

/// A name as written in the source. Names are interned by the parser: equal long names share
/// one string buffer.
public struct Name: Hashable, Sendable, CustomStringConvertible {
    public var value: String
    public var range: SourceRange

    public init(_ value: String, range: SourceRange) {
        self.value = value
        self.range = range
    }

    public var description: String { value }
}

/// One top-level definition.
public enum Definition: Hashable, Sendable {
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

    public var range: SourceRange {
        switch self {
        case .operation(let node): node.range
        case .fragment(let node): node.range
        case .schema(let node): node.range
        case .scalar(let node): node.range
        case .object(let node): node.range
        case .interface(let node): node.range
        case .union(let node): node.range
        case .enumType(let node): node.range
        case .inputObject(let node): node.range
        case .directive(let node): node.range
        case .schemaExtension(let node): node.range
        case .scalarExtension(let node): node.range
        case .objectExtension(let node): node.range
        case .interfaceExtension(let node): node.range
        case .unionExtension(let node): node.range
        case .enumExtension(let node): node.range
        case .inputObjectExtension(let node): node.range
        }
    }

    /// True for operations and fragments, the definitions a client sends to a server.
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        default: false
        }
    }
}
