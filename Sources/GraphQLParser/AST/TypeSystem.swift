// Type-system definitions and extensions (SDL). Extensions mirror their definitions without a
// description, as in the GraphQL specification.

public struct SchemaDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var range: SourceRange

    public init(
        description: StringValue?, directives: [Directive], operationTypes: [OperationTypeDefinition],
        range: SourceRange
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.range = range
    }
}

public struct SchemaExtension: Hashable, Sendable {
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var range: SourceRange

    public init(directives: [Directive], operationTypes: [OperationTypeDefinition], range: SourceRange) {
        self.directives = directives
        self.operationTypes = operationTypes
        self.range = range
    }
}

public struct OperationTypeDefinition: Hashable, Sendable {
    public var operation: OperationType
    public var type: NamedType
    public var range: SourceRange

    public init(operation: OperationType, type: NamedType, range: SourceRange) {
        self.operation = operation
        self.type = type
        self.range = range
    }
}

public struct ScalarTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange

    public init(description: StringValue?, name: Name, directives: [Directive], range: SourceRange) {
        self.description = description
        self.name = name
        self.directives = directives
        self.range = range
    }
}

public struct ScalarTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange

    public init(name: Name, directives: [Directive], range: SourceRange) {
        self.name = name
        self.directives = directives
        self.range = range
    }
}

/// An object type (`type`) or interface (`interface`): both have interfaces and fields.
public struct ObjectTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var range: SourceRange

    public init(
        description: StringValue?, name: Name, interfaces: [NamedType], directives: [Directive],
        fields: [FieldDefinition], range: SourceRange
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.range = range
    }
}

public typealias InterfaceTypeDefinition = ObjectTypeDefinition

public struct ObjectTypeExtension: Hashable, Sendable {
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var range: SourceRange

    public init(
        name: Name, interfaces: [NamedType], directives: [Directive], fields: [FieldDefinition],
        range: SourceRange
    ) {
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.range = range
    }
}

public typealias InterfaceTypeExtension = ObjectTypeExtension

public struct FieldDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    public var range: SourceRange

    public init(
        description: StringValue?, name: Name, arguments: [InputValueDefinition], type: TypeReference,
        directives: [Directive], range: SourceRange
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.range = range
    }
}

/// An argument definition or an input object field.
public struct InputValueDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var range: SourceRange

    public init(
        description: StringValue?, name: Name, type: TypeReference, defaultValue: Value?,
        directives: [Directive], range: SourceRange
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.range = range
    }
}

public struct UnionTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var types: [NamedType]
    public var range: SourceRange

    public init(
        description: StringValue?, name: Name, directives: [Directive], types: [NamedType], range: SourceRange
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.types = types
        self.range = range
    }
}

public struct UnionTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var types: [NamedType]
    public var range: SourceRange

    public init(name: Name, directives: [Directive], types: [NamedType], range: SourceRange) {
        self.name = name
        self.directives = directives
        self.types = types
        self.range = range
    }
}

public struct EnumTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var values: [EnumValueDefinition]
    public var range: SourceRange

    public init(
        description: StringValue?, name: Name, directives: [Directive], values: [EnumValueDefinition],
        range: SourceRange
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.values = values
        self.range = range
    }
}

public struct EnumTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var values: [EnumValueDefinition]
    public var range: SourceRange

    public init(name: Name, directives: [Directive], values: [EnumValueDefinition], range: SourceRange) {
        self.name = name
        self.directives = directives
        self.values = values
        self.range = range
    }
}

public struct EnumValueDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange

    public init(description: StringValue?, name: Name, directives: [Directive], range: SourceRange) {
        self.description = description
        self.name = name
        self.directives = directives
        self.range = range
    }
}

public struct InputObjectTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var fields: [InputValueDefinition]
    public var range: SourceRange

    public init(
        description: StringValue?, name: Name, directives: [Directive], fields: [InputValueDefinition],
        range: SourceRange
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.fields = fields
        self.range = range
    }
}

public struct InputObjectTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var fields: [InputValueDefinition]
    public var range: SourceRange

    public init(name: Name, directives: [Directive], fields: [InputValueDefinition], range: SourceRange) {
        self.name = name
        self.directives = directives
        self.fields = fields
        self.range = range
    }
}

public struct DirectiveDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var isRepeatable: Bool
    public var locations: [Name]
    public var range: SourceRange

    public init(
        description: StringValue?, name: Name, arguments: [InputValueDefinition], isRepeatable: Bool,
        locations: [Name], range: SourceRange
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.range = range
    }
}

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
