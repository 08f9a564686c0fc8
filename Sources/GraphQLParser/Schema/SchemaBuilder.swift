/// Builds a `Schema` from SDL documents: type definitions, extensions (which may come from
/// other files, e.g. client-only extensions), directive definitions and an optional `schema`
/// definition. Built-in scalars, directives and introspection types are added unless the SDL
/// defines them.
///
/// Types, fields and directives that `clientExtensions` define are marked `isClientExtension`:
/// they exist only in the client (Relay's client schema extensions, for local state) and are
/// never sent to a server.
///
/// The builder is lenient: it keeps the first of duplicate definitions and skips what it cannot
/// resolve. `SDLValidator` and `SchemaValidator` report those problems with their locations.
public enum SchemaBuilder {
    public static func build(_ documents: [Document], clientExtensions: [Document] = []) -> Schema {
        let schema = Schema()
        schema.hasClientExtensions = !clientExtensions.isEmpty
        var schemaDefinitions: [SchemaDefinition] = []
        var schemaExtensions: [SchemaExtension] = []
        var extensions: [String: [(definition: Definition, isClient: Bool)]] = [:]

        // Declared types and directives first, then the built-ins they do not replace.
        for (document, isClient) in documents.map({ ($0, false) }) + clientExtensions.map({ ($0, true) }) {
            for definition in document.definitions {
                switch definition {
                case .schema(let node): schemaDefinitions.append(node)
                case .schemaExtension(let node): schemaExtensions.append(node)
                case .directive(let node):
                    if schema.directives[node.name.value] == nil {
                        schema.directives[node.name.value] = makeDirective(node, isClientExtension: isClient)
                    }
                case .scalarExtension(let node):
                    extensions[node.name.value, default: []].append((definition, isClient))
                case .objectExtension(let node), .interfaceExtension(let node):
                    extensions[node.name.value, default: []].append((definition, isClient))
                case .unionExtension(let node): extensions[node.name.value, default: []].append((definition, isClient))
                case .enumExtension(let node): extensions[node.name.value, default: []].append((definition, isClient))
                case .inputObjectExtension(let node):
                    extensions[node.name.value, default: []].append((definition, isClient))
                case .operation, .fragment: break
                default:
                    if let type = makeType(definition), schema.types[type.name] == nil {
                        if isClient { type.markClientExtension() }
                        add(type, to: schema)
                    }
                }
            }
        }
        for definition in BuiltIns.document.definitions {
            if case .directive(let node) = definition {
                if schema.directives[node.name.value] == nil {
                    schema.directives[node.name.value] = makeDirective(node)
                }
            } else if let type = makeType(definition), schema.types[type.name] == nil {
                type.definition = nil
                add(type, to: schema)
            }
        }

        for (name, typeExtensions) in extensions {
            guard let type = schema.types[name] else { continue }
            for (definition, isClient) in typeExtensions {
                apply(definition, to: type, isClient: isClient)
            }
        }

        resolveRootTypes(schema, definitions: schemaDefinitions, extensions: schemaExtensions)
        resolveNamedTypes(schema)
        for name in schema.typeNames {
            guard let type = schema.types[name], type.kind == .object || type.kind == .interface else { continue }
            for interface in type.interfaces {
                schema.implementations[interface, default: []].append(name)
            }
        }
        return schema
    }

    /// Parses SDL sources and builds a schema; syntax errors are returned with the schema built
    /// from what parsed.
    public static func build(_ sources: [Source]) -> (schema: Schema, diagnostics: [Diagnostic]) {
        let results = sources.map { Parser.parse($0) }
        return (build(results.map(\.document)), results.flatMap(\.diagnostics))
    }

    /// Links every field, argument and input field to its named type's index, so lookups while
    /// validating and generating code need no string hashing.
    private static func resolveNamedTypes(_ schema: Schema) {
        func resolve(_ value: SchemaInputValue) {
            value.namedTypeIndex = schema.types[value.type.namedType]?.index ?? -1
        }
        for type in schema.typeList {
            for field in type.fields {
                field.namedTypeIndex = schema.types[field.type.namedType]?.index ?? -1
                field.arguments.forEach(resolve)
            }
            type.inputFields.forEach(resolve)
        }
        for directive in schema.directives.values {
            directive.arguments.forEach(resolve)
        }
    }

    private static func add(_ type: SchemaType, to schema: Schema) {
        type.index = schema.typeList.count
        schema.types[type.name] = type
        schema.typeNames.append(type.name)
        schema.typeList.append(type)
    }

    private static func resolveRootTypes(
        _ schema: Schema, definitions: [SchemaDefinition], extensions: [SchemaExtension]
    ) {
        let operationTypes =
            Array(definitions.first?.operationTypes ?? NodeList.empty)
            + extensions.flatMap { Array($0.operationTypes) }
        if definitions.isEmpty {
            // By convention, when there is no `schema` definition. A root type that is not an
            // object type is reported by `SchemaValidator`.
            for (operation, name) in [
                (OperationType.query, "Query"), (.mutation, "Mutation"), (.subscription, "Subscription"),
            ]
            where schema.types[name] != nil {
                setRoot(schema, operation, name)
            }
        }
        for operationType in operationTypes {
            setRoot(schema, operationType.operation, operationType.type.name.value)
        }
    }

    private static func setRoot(_ schema: Schema, _ operation: OperationType, _ name: String) {
        switch operation {
        case .query: schema.queryType = schema.queryType ?? name
        case .mutation: schema.mutationType = schema.mutationType ?? name
        case .subscription: schema.subscriptionType = schema.subscriptionType ?? name
        }
    }

    private static func makeType(_ definition: Definition) -> SchemaType? {
        let type: SchemaType
        switch definition {
        case .scalar(let node):
            type = SchemaType(
                name: node.name.value, kind: .scalar, description: SchemaDescription(node: node.description))
            type.specifiedByURL = stringArgument("url", of: "specifiedBy", in: node.directives)
        case .object(let node), .interface(let node):
            let kind: TypeKind = if case .object = definition { .object } else { .interface }
            type = SchemaType(name: node.name.value, kind: kind, description: SchemaDescription(node: node.description))
            type.interfaces = node.interfaces.map(\.name.value)
            for field in node.fields { type.addField(makeField(field)) }
        case .union(let node):
            type = SchemaType(
                name: node.name.value, kind: .union, description: SchemaDescription(node: node.description))
            type.members = node.types.map(\.name.value)
        case .enumType(let node):
            type = SchemaType(
                name: node.name.value, kind: .enumType, description: SchemaDescription(node: node.description))
            type.enumValues = node.values.map(makeEnumValue)
        case .inputObject(let node):
            type = SchemaType(
                name: node.name.value, kind: .inputObject, description: SchemaDescription(node: node.description))
            for field in node.fields { type.addInputField(makeInputValue(field)) }
            type.isOneOf = node.directives.contains { $0.name.value == "oneOf" }
        default:
            return nil
        }
        type.definition = definition
        return type
    }

    private static func apply(_ definition: Definition, to type: SchemaType, isClient: Bool) {
        type.extensions.append(definition)
        switch definition {
        case .objectExtension(let node), .interfaceExtension(let node):
            type.interfaces += node.interfaces.map(\.name.value).filter { !type.interfaces.contains($0) }
            for field in node.fields {
                let field = makeField(field)
                field.isClientExtension = isClient
                type.addField(field)
            }
        case .unionExtension(let node):
            type.members += node.types.map(\.name.value).filter { !type.members.contains($0) }
        case .enumExtension(let node):
            type.enumValues += node.values.map(makeEnumValue)
        case .inputObjectExtension(let node):
            for field in node.fields { type.addInputField(makeInputValue(field)) }
            type.isOneOf = type.isOneOf || node.directives.contains { $0.name.value == "oneOf" }
        case .scalarExtension(let node):
            type.specifiedByURL = type.specifiedByURL ?? stringArgument("url", of: "specifiedBy", in: node.directives)
        default:
            break
        }
    }

    private static func makeField(_ node: FieldDefinition) -> SchemaField {
        SchemaField(
            name: node.name.value, description: SchemaDescription(node: node.description),
            arguments: node.arguments.map(makeInputValue),
            type: TypeRef(node.type), deprecationReason: deprecationReason(node.directives), definition: node)
    }

    private static func makeInputValue(_ node: InputValueDefinition) -> SchemaInputValue {
        SchemaInputValue(
            name: node.name.value, description: SchemaDescription(node: node.description), type: TypeRef(node.type),
            defaultValue: node.defaultValue, deprecationReason: deprecationReason(node.directives), definition: node)
    }

    private static func makeEnumValue(_ node: EnumValueDefinition) -> SchemaEnumValue {
        SchemaEnumValue(
            name: node.name.value, descriptionText: SchemaDescription(node: node.description),
            deprecationReason: deprecationReason(node.directives), definition: node)
    }

    private static func makeDirective(_ node: DirectiveDefinition, isClientExtension: Bool = false)
        -> SchemaDirective
    {
        SchemaDirective(
            name: node.name.value, description: SchemaDescription(node: node.description),
            arguments: node.arguments.map(makeInputValue),
            locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
            isRepeatable: node.isRepeatable, definition: node, isClientExtension: isClientExtension)
    }

    /// `@deprecated`'s reason, or its default, when the directive is present.
    private static func deprecationReason(_ directives: NodeList<Directive>) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        return stringArgument("reason", of: directive) ?? "No longer supported"
    }

    private static func stringArgument(_ name: String, of directiveName: String, in directives: NodeList<Directive>)
        -> String?
    {
        directives.first { $0.name.value == directiveName }.flatMap { stringArgument(name, of: $0) }
    }

    private static func stringArgument(_ name: String, of directive: Directive) -> String? {
        guard let argument = directive.arguments.first(where: { $0.name.value == name }),
            case .string(let string) = argument.value
        else { return nil }
        return string.value
    }
}
