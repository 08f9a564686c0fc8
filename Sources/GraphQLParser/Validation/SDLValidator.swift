/// One rule for type-system documents (graphql-js's `specifiedSDLRules`). SDL rules check
/// definitions as a whole rather than walking with type information, so each is a function
/// over the documents.
public protocol SDLValidationRule {
    /// The graphql-js name, e.g. `UniqueTypeNamesRule`.
    static var name: String { get }
    static func validate(_ context: SDLValidationContext)
}

/// Validates SDL documents (a schema and its extensions) before a schema is built from them,
/// with graphql-js's messages at the offending definitions.
public enum SDLValidator {
    public static var specifiedRules: [any SDLValidationRule.Type] {
        [
            LoneSchemaDefinitionRule.self,
            UniqueOperationTypesRule.self,
            UniqueTypeNamesRule.self,
            UniqueEnumValueNamesRule.self,
            UniqueFieldDefinitionNamesRule.self,
            UniqueArgumentDefinitionNamesRule.self,
            UniqueDirectiveNamesRule.self,
            KnownSDLTypeNamesRule.self,
            KnownSDLDirectivesRule.self,
            UniqueSDLDirectivesPerLocationRule.self,
            PossibleTypeExtensionsRule.self,
            KnownSDLArgumentNamesRule.self,
            UniqueSDLArgumentNamesRule.self,
            UniqueSDLInputFieldNamesRule.self,
            ProvidedRequiredSDLArgumentsRule.self,
        ]
    }

    /// The SDL rule with a graphql-js name (SDL rules share names with their executable
    /// counterparts, e.g. `KnownTypeNamesRule`).
    public static func rule(named name: String) -> (any SDLValidationRule.Type)? {
        specifiedRules.first { $0.name == name }
    }

    public static func validate(
        _ documents: [Document], rules: [any SDLValidationRule.Type] = SDLValidator.specifiedRules
    ) -> [Diagnostic] {
        validationErrors(documents, rules: rules).map(\.diagnostic).sortedByLocation()
    }

    public static func validationErrors(
        _ documents: [Document], rules: [any SDLValidationRule.Type] = SDLValidator.specifiedRules
    ) -> [ValidationError] {
        let context = SDLValidationContext(documents: documents)
        for rule in rules { rule.validate(context) }
        return context.errors
    }
}

/// What SDL rules see: the definitions of all documents, the built-in directives and types,
/// and a place to report errors.
public final class SDLValidationContext {
    public let definitions: [Definition]
    public private(set) var errors: [ValidationError] = []
    /// The built-in schema: standard scalars, directives and introspection types.
    var builtIns: Schema { BuiltIns.schema }

    init(documents: [Document]) {
        definitions = documents.flatMap { Array($0.definitions) }
    }

    public func report(_ message: String, at nodes: any SyntaxNode...) {
        errors.append(ValidationError(message: message, nodes: nodes))
    }

    public func report(_ message: String, at nodes: [any SyntaxNode]) {
        errors.append(ValidationError(message: message, nodes: nodes))
    }

    /// Directive definitions of the documents by name (the last of duplicates), and the
    /// built-in ones the documents do not redefine.
    lazy var directiveDefinitions: [String: SchemaDirective] = {
        var directives = builtIns.directives
        for case .directive(let node) in definitions {
            directives[node.name.value] = Self.directive(from: node)
        }
        return directives
    }()

    static func directive(from node: DirectiveDefinition) -> SchemaDirective {
        SchemaDirective(
            name: node.name.value, description: SchemaDescription(nil),
            arguments: node.arguments.map {
                SchemaInputValue(
                    name: $0.name.value, description: SchemaDescription(nil), type: TypeRef($0.type),
                    defaultValue: $0.defaultValue,
                    deprecationReason: nil, definition: $0)
            }, locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
            isRepeatable: node.isRepeatable, definition: node)
    }

    /// A list of directives in the SDL, where it stands, and the type it belongs to (for
    /// directives on a type or its extensions, which count as one location).
    struct DirectiveUse {
        var directives: NodeList<Directive>
        var location: DirectiveLocation
        /// The type name for type definitions and extensions, "schema" for the schema, nil else.
        var owner: String?
    }

    /// Every directive list of the SDL, in document order.
    lazy var directiveUses: [DirectiveUse] = {
        var uses: [DirectiveUse] = []
        func add(_ directives: NodeList<Directive>, _ location: DirectiveLocation, _ owner: String? = nil) {
            if !directives.isEmpty {
                uses.append(DirectiveUse(directives: directives, location: location, owner: owner))
            }
        }
        func addArguments(_ arguments: NodeList<InputValueDefinition>) {
            for argument in arguments { add(argument.directives, .argumentDefinition) }
        }
        func addFields(_ fields: NodeList<FieldDefinition>) {
            for field in fields {
                add(field.directives, .fieldDefinition)
                addArguments(field.arguments)
            }
        }
        for definition in definitions {
            switch definition {
            case .schema(let node): add(node.directives, .schema, "schema")
            case .schemaExtension(let node): add(node.directives, .schema, "schema")
            case .scalar(let node): add(node.directives, .scalar, node.name.value)
            case .scalarExtension(let node): add(node.directives, .scalar, node.name.value)
            case .object(let node):
                add(node.directives, .object, node.name.value)
                addFields(node.fields)
            case .interface(let node):
                add(node.directives, .interface, node.name.value)
                addFields(node.fields)
            case .objectExtension(let node):
                add(node.directives, .object, node.name.value)
                addFields(node.fields)
            case .interfaceExtension(let node):
                add(node.directives, .interface, node.name.value)
                addFields(node.fields)
            case .union(let node): add(node.directives, .union, node.name.value)
            case .unionExtension(let node): add(node.directives, .union, node.name.value)
            case .enumType(let node):
                add(node.directives, .enumType, node.name.value)
                for value in node.values { add(value.directives, .enumValue) }
            case .enumExtension(let node):
                add(node.directives, .enumType, node.name.value)
                for value in node.values { add(value.directives, .enumValue) }
            case .inputObject(let node):
                add(node.directives, .inputObject, node.name.value)
                for field in node.fields { add(field.directives, .inputFieldDefinition) }
            case .inputObjectExtension(let node):
                add(node.directives, .inputObject, node.name.value)
                for field in node.fields { add(field.directives, .inputFieldDefinition) }
            case .directive(let node):
                addArguments(node.arguments)
            case .operation, .fragment:
                break
            }
        }
        return uses
    }()

    /// Every value written in the SDL (directive arguments and default values), outermost first.
    lazy var values: [Value] = {
        var values: [Value] = []
        func add(_ value: Value) {
            values.append(value)
            switch value {
            case .list(let list): list.values.forEach(add)
            case .object(let object): object.fields.forEach { add($0.value) }
            default: break
            }
        }
        for use in directiveUses {
            for directive in use.directives { directive.arguments.forEach { add($0.value) } }
        }
        func addDefaults(_ inputs: NodeList<InputValueDefinition>) {
            for input in inputs { input.defaultValue.map(add) }
        }
        for definition in definitions {
            switch definition {
            case .object(let node), .interface(let node): node.fields.forEach { addDefaults($0.arguments) }
            case .objectExtension(let node), .interfaceExtension(let node):
                node.fields.forEach { addDefaults($0.arguments) }
            case .inputObject(let node): addDefaults(node.fields)
            case .inputObjectExtension(let node): addDefaults(node.fields)
            case .directive(let node): addDefaults(node.arguments)
            default: break
            }
        }
        return values
    }()

    /// The name and kind of each type definition (not extension), in order.
    lazy var typeDefinitions: [(name: Name, definition: Definition)] = {
        definitions.compactMap { definition in
            switch definition {
            case .scalar(let node): (node.name, definition)
            case .object(let node), .interface(let node): (node.name, definition)
            case .union(let node): (node.name, definition)
            case .enumType(let node): (node.name, definition)
            case .inputObject(let node): (node.name, definition)
            default: nil
            }
        }
    }()
}
