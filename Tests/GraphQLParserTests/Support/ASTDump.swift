import GraphQLParser

/// The graphql-js shape of an AST (PascalCase `kind`, camelCase keys, no locations), as the
/// corpus's `ast` field has it.
enum ASTDump {
    static func dump(_ document: Document) -> JSONValue {
        node("Document", ["definitions": .array(document.definitions.map(dump))])
    }

    private static func node(_ kind: String, _ fields: [String: JSONValue]) -> JSONValue {
        var object = fields
        object["kind"] = .string(kind)
        return .object(object)
    }

    private static func name(_ name: Name?) -> JSONValue {
        guard let name else { return .null }
        return node("Name", ["value": .string(name.value)])
    }

    private static func list<T>(_ items: NodeList<T>, _ transform: (T) -> JSONValue) -> JSONValue {
        .array(items.map(transform))
    }

    static func dump(_ definition: Definition) -> JSONValue {
        switch definition {
        case .operation(let op):
            return node(
                "OperationDefinition",
                [
                    "operation": .string(op.operation.rawValue), "name": name(op.name),
                    "variableDefinitions": list(op.variableDefinitions, dump), "directives": list(op.directives, dump),
                    "selectionSet": dump(op.selectionSet),
                ])
        case .fragment(let fragment):
            return node(
                "FragmentDefinition",
                [
                    "name": name(fragment.name), "typeCondition": dump(fragment.typeCondition),
                    "directives": list(fragment.directives, dump), "selectionSet": dump(fragment.selectionSet),
                ])
        case .schema(let schema):
            return node(
                "SchemaDefinition",
                [
                    "description": description(schema.description), "directives": list(schema.directives, dump),
                    "operationTypes": list(schema.operationTypes, dump),
                ])
        case .schemaExtension(let schema):
            return node(
                "SchemaExtension",
                ["directives": list(schema.directives, dump), "operationTypes": list(schema.operationTypes, dump)])
        case .scalar(let scalar):
            return node(
                "ScalarTypeDefinition",
                [
                    "description": description(scalar.description), "name": name(scalar.name),
                    "directives": list(scalar.directives, dump),
                ])
        case .scalarExtension(let scalar):
            return node(
                "ScalarTypeExtension", ["name": name(scalar.name), "directives": list(scalar.directives, dump)])
        case .object(let object), .interface(let object):
            let kind = if case .object = definition { "ObjectTypeDefinition" } else { "InterfaceTypeDefinition" }
            return node(
                kind,
                [
                    "description": description(object.description), "name": name(object.name),
                    "interfaces": list(object.interfaces, dump), "directives": list(object.directives, dump),
                    "fields": list(object.fields, dump),
                ])
        case .objectExtension(let object), .interfaceExtension(let object):
            let kind = if case .objectExtension = definition { "ObjectTypeExtension" } else { "InterfaceTypeExtension" }
            return node(
                kind,
                [
                    "name": name(object.name), "interfaces": list(object.interfaces, dump),
                    "directives": list(object.directives, dump), "fields": list(object.fields, dump),
                ])
        case .union(let union):
            return node(
                "UnionTypeDefinition",
                [
                    "description": description(union.description), "name": name(union.name),
                    "directives": list(union.directives, dump), "types": list(union.types, dump),
                ])
        case .unionExtension(let union):
            return node(
                "UnionTypeExtension",
                [
                    "name": name(union.name), "directives": list(union.directives, dump),
                    "types": list(union.types, dump),
                ])
        case .enumType(let enumType):
            return node(
                "EnumTypeDefinition",
                [
                    "description": description(enumType.description), "name": name(enumType.name),
                    "directives": list(enumType.directives, dump), "values": list(enumType.values, dump),
                ])
        case .enumExtension(let enumType):
            return node(
                "EnumTypeExtension",
                [
                    "name": name(enumType.name), "directives": list(enumType.directives, dump),
                    "values": list(enumType.values, dump),
                ])
        case .inputObject(let input):
            return node(
                "InputObjectTypeDefinition",
                [
                    "description": description(input.description), "name": name(input.name),
                    "directives": list(input.directives, dump), "fields": list(input.fields, dump),
                ])
        case .inputObjectExtension(let input):
            return node(
                "InputObjectTypeExtension",
                [
                    "name": name(input.name), "directives": list(input.directives, dump),
                    "fields": list(input.fields, dump),
                ])
        case .directive(let directive):
            return node(
                "DirectiveDefinition",
                [
                    "description": description(directive.description), "name": name(directive.name),
                    "arguments": list(directive.arguments, dump), "repeatable": .bool(directive.isRepeatable),
                    "locations": list(directive.locations, name),
                ])
        }
    }

    static func dump(_ type: OperationTypeDefinition) -> JSONValue {
        node("OperationTypeDefinition", ["operation": .string(type.operation.rawValue), "type": dump(type.type)])
    }

    static func dump(_ field: FieldDefinition) -> JSONValue {
        node(
            "FieldDefinition",
            [
                "description": description(field.description), "name": name(field.name),
                "arguments": list(field.arguments, dump), "type": dump(field.type),
                "directives": list(field.directives, dump),
            ])
    }

    static func dump(_ input: InputValueDefinition) -> JSONValue {
        node(
            "InputValueDefinition",
            [
                "description": description(input.description), "name": name(input.name), "type": dump(input.type),
                "defaultValue": input.defaultValue.map(dump) ?? .null, "directives": list(input.directives, dump),
            ])
    }

    static func dump(_ value: EnumValueDefinition) -> JSONValue {
        node(
            "EnumValueDefinition",
            [
                "description": description(value.description), "name": name(value.name),
                "directives": list(value.directives, dump),
            ])
    }

    static func description(_ string: StringValue?) -> JSONValue {
        guard let string else { return .null }
        return node("StringValue", ["value": .string(string.value), "block": .bool(string.isBlock)])
    }

    static func dump(_ definition: VariableDefinition) -> JSONValue {
        node(
            "VariableDefinition",
            [
                "variable": node("Variable", ["name": name(definition.variable.name)]), "type": dump(definition.type),
                "defaultValue": definition.defaultValue.map(dump) ?? .null,
                "directives": list(definition.directives, dump),
            ])
    }

    static func dump(_ selectionSet: SelectionSet) -> JSONValue {
        node("SelectionSet", ["selections": list(selectionSet.selections, dump)])
    }

    static func dump(_ selection: Selection) -> JSONValue {
        switch selection {
        case .field(let field):
            return node(
                "Field",
                [
                    "alias": name(field.alias), "name": name(field.name), "arguments": list(field.arguments, dump),
                    "directives": list(field.directives, dump),
                    "selectionSet": field.selectionSet.map(dump) ?? .null,
                ])
        case .fragmentSpread(let spread):
            return node("FragmentSpread", ["name": name(spread.name), "directives": list(spread.directives, dump)])
        case .inlineFragment(let fragment):
            return node(
                "InlineFragment",
                [
                    "typeCondition": fragment.typeCondition.map(dump) ?? .null,
                    "directives": list(fragment.directives, dump), "selectionSet": dump(fragment.selectionSet),
                ])
        }
    }

    static func dump(_ argument: Argument) -> JSONValue {
        node("Argument", ["name": name(argument.name), "value": dump(argument.value)])
    }

    static func dump(_ directive: Directive) -> JSONValue {
        node("Directive", ["name": name(directive.name), "arguments": list(directive.arguments, dump)])
    }

    static func dump(_ value: Value) -> JSONValue {
        switch value {
        case .variable(let variable): node("Variable", ["name": name(variable.name)])
        case .int(let int): node("IntValue", ["value": .string(int.text)])
        case .float(let float): node("FloatValue", ["value": .string(float.text)])
        case .string(let string): description(string)
        case .boolean(let boolean): node("BooleanValue", ["value": .bool(boolean.value)])
        case .null: node("NullValue", [:])
        case .enumValue(let enumValue): node("EnumValue", ["value": .string(enumValue.name.value)])
        case .list(let listValue): node("ListValue", ["values": list(listValue.values, dump)])
        case .object(let object):
            node(
                "ObjectValue",
                [
                    "fields": list(object.fields) {
                        node("ObjectField", ["name": name($0.name), "value": dump($0.value)])
                    }
                ])
        }
    }

    static func dump(_ named: NamedType) -> JSONValue {
        node("NamedType", ["name": name(named.name)])
    }

    static func dump(_ type: TypeReference) -> JSONValue {
        switch type {
        case .named(let named): dump(named)
        case .list(let listType): node("ListType", ["type": dump(listType.type)])
        case .nonNull(let nonNull): node("NonNullType", ["type": dump(nonNull.type)])
        }
    }
}
