// Type-system definitions and extensions (SDL). Extensions share their definition's layout
// without a description, as in the GraphQL specification.

public struct SchemaDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var description: StringValue? { optionalChild(raw.a) }
    public var directives: NodeList<Directive> { list(raw.b) }
    public var operationTypes: NodeList<OperationTypeDefinition> { list(raw.c) }
}

public struct SchemaExtension: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var directives: NodeList<Directive> { list(raw.b) }
    public var operationTypes: NodeList<OperationTypeDefinition> { list(raw.c) }
}

public struct OperationTypeDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var operation: OperationType { OperationType(flag: raw.flag) }
    public var type: NamedType { child(raw.a) }
}

public struct ScalarTypeDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var description: StringValue? { optionalChild(raw.a) }
    public var name: Name { child(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
}

public struct ScalarTypeExtension: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
}

/// An object type (`type`) or an interface (`interface`): both have interfaces and fields.
public struct ObjectTypeDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var description: StringValue? { optionalChild(raw.a) }
    public var name: Name { child(raw.b) }
    public var interfaces: NodeList<NamedType> { list(raw.c) }
    public var directives: NodeList<Directive> { list(raw.d) }
    public var fields: NodeList<FieldDefinition> { list(raw.e) }
}

/// `extend type` or `extend interface`.
public struct ObjectTypeExtension: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.b) }
    public var interfaces: NodeList<NamedType> { list(raw.c) }
    public var directives: NodeList<Directive> { list(raw.d) }
    public var fields: NodeList<FieldDefinition> { list(raw.e) }
}

public struct FieldDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var description: StringValue? { optionalChild(raw.a) }
    public var name: Name { child(raw.b) }
    public var arguments: NodeList<InputValueDefinition> { list(raw.c) }
    public var type: TypeReference { child(raw.d) }
    public var directives: NodeList<Directive> { list(raw.e) }
}

/// An argument definition or an input object field.
public struct InputValueDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var description: StringValue? { optionalChild(raw.a) }
    public var name: Name { child(raw.b) }
    public var type: TypeReference { child(raw.c) }
    public var defaultValue: Value? { optionalChild(raw.d) }
    public var directives: NodeList<Directive> { list(raw.e) }
}

public struct UnionTypeDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var description: StringValue? { optionalChild(raw.a) }
    public var name: Name { child(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
    public var types: NodeList<NamedType> { list(raw.d) }
}

public struct UnionTypeExtension: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
    public var types: NodeList<NamedType> { list(raw.d) }
}

public struct EnumTypeDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var description: StringValue? { optionalChild(raw.a) }
    public var name: Name { child(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
    public var values: NodeList<EnumValueDefinition> { list(raw.d) }
}

public struct EnumTypeExtension: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
    public var values: NodeList<EnumValueDefinition> { list(raw.d) }
}

public struct EnumValueDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var description: StringValue? { optionalChild(raw.a) }
    public var name: Name { child(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
}

public struct InputObjectTypeDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var description: StringValue? { optionalChild(raw.a) }
    public var name: Name { child(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
    public var fields: NodeList<InputValueDefinition> { list(raw.d) }
}

public struct InputObjectTypeExtension: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var name: Name { child(raw.b) }
    public var directives: NodeList<Directive> { list(raw.c) }
    public var fields: NodeList<InputValueDefinition> { list(raw.d) }
}

public struct DirectiveDefinition: SyntaxNode {
    public let tree: SyntaxTree
    public let id: UInt32
    public init(tree: SyntaxTree, id: UInt32) {
        self.tree = tree
        self.id = id
    }

    public var description: StringValue? { optionalChild(raw.a) }
    public var name: Name { child(raw.b) }
    public var arguments: NodeList<InputValueDefinition> { list(raw.c) }
    public var isRepeatable: Bool { raw.flag != 0 }
    public var locations: NodeList<Name> { list(raw.d) }
}

public typealias InterfaceTypeDefinition = ObjectTypeDefinition
public typealias InterfaceTypeExtension = ObjectTypeExtension

/// Where a directive may appear (the spec's DirectiveLocation).
public enum DirectiveLocation: String, CaseIterable, Hashable, Sendable {
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumType = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}
