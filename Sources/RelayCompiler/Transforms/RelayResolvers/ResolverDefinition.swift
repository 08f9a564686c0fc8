import GraphQLParser

/// A field of a client schema extension backed by a Relay Resolver: `@relay_resolver(…)` on its
/// definition, as Relay's compiler writes a docblock resolver into the schema
/// (`fragment_name`, `import_path`, `import_name`, `live`).
struct ResolverDefinition {
    let typeName: String
    let field: SchemaField
    let directive: Directive
    /// The root fragment the resolver reads, when it has one.
    let fragmentName: String?
    /// Where the resolver's function is; `nil` when the directive lacks it (an error).
    let importPath: String?
    /// The function's name: `import_name`, or the field's.
    let functionName: String
    let isLive: Bool
    /// `has_output_type: true`: the resolver returns its object's data (Relay's `@outputType`).
    let hasOutputType: Bool
    /// What the resolver returns: a value, or an edge to an object of one of these kinds.
    let returns: Returns
    /// A field of the root fragment whose value alone the function takes (Relay's
    /// `inject_fragment_data`): `id` for a model resolver, the instance for a model's fields.
    let injectedField: String?

    /// What a resolver's function returns.
    enum Returns: Equatable {
        /// A scalar or enum value.
        case value
        /// The id of a server object (a client edge to the server, read with `@waterfall`).
        case serverObject
        /// The id of a client object: a strong model, or a client type with ids.
        case clientObject
        /// The id and type name of a client object of an interface or union.
        case abstractClientObject
        /// A weak model's instance.
        case weakObject
        /// An output type's object, its fields as data (Relay's deprecated `@outputType`).
        case outputObject

        var isEdge: Bool { self != .value }
    }

    /// Whether the resolver returns an object (a client edge) rather than a scalar or enum.
    var returnsObject: Bool { returns.isEdge }
    /// Whether this is a strong model's model resolver (its `__relay_model_instance`).
    var isModelResolver: Bool { field.name == ResolverModels.instanceField }

    static let directiveName = "relay_resolver"

    /// `Type.field`, the resolver's name in generated code and the runtime.
    var name: String { typeName + "." + field.name }

    /// The field's resolver, when it has `@relay_resolver`.
    static func of(_ field: SchemaField, on typeName: String, schema: Schema) -> ResolverDefinition? {
        guard field.isClientExtension,
            let directive = field.definition?.directives.first(where: { $0.name.value == directiveName })
        else { return nil }
        func string(_ name: String) -> String? {
            let argument = directive.arguments.first { $0.name.value == name }
            if case .string(let value)? = argument?.value { return value.value }
            return nil
        }
        let live = directive.arguments.first { $0.name.value == "live" }
        var isLive = false
        if case .boolean(let value)? = live?.value { isLive = value.value }
        var fragmentName = string("fragment_name")
        var injectedField = string("inject_fragment_data")
        // A model's field without a root fragment is a function of the model's instance.
        if fragmentName == nil, field.name != ResolverModels.instanceField, let parent = schema[typeName],
            ResolverModels.isModel(parent)
        {
            fragmentName = typeName + "__" + ResolverModels.instanceField
            injectedField = ResolverModels.instanceField
        }
        var outputType = false
        if case .boolean(let value)? = directive.arguments.first(where: { $0.name.value == "has_output_type" })?.value {
            outputType = value.value
        }
        return ResolverDefinition(
            typeName: typeName, field: field, directive: directive, fragmentName: fragmentName,
            importPath: string("import_path"), functionName: string("import_name") ?? field.name, isLive: isLive,
            hasOutputType: outputType, returns: returns(field.type.namedType, outputType: outputType, schema: schema),
            injectedField: injectedField)
    }

    private static func returns(_ typeName: String, outputType: Bool, schema: Schema) -> Returns {
        guard let type = schema[typeName], type.kind.isComposite else { return .value }
        guard type.isClientExtension else { return .serverObject }
        guard type.kind.isAbstract else {
            if ResolverModels.isWeak(type) { return .weakObject }
            if outputType || ResolverModels.isOutputType(type) { return .outputObject }
            return .clientObject
        }
        // An interface or union with a server member is a server edge (Relay's mixed edges).
        let members = schema.possibleTypes(of: type)
        return members.contains { !$0.isClientExtension } ? .serverObject : .abstractClientObject
    }

    /// Every resolver of the schema, by root fragment name (those without one under "").
    static func byRootFragment(in schema: Schema) -> [String: [ResolverDefinition]] {
        var found: [String: [ResolverDefinition]] = [:]
        for type in schema.typeList where type.kind == .object || type.kind == .interface {
            for field in type.fields where field.isClientExtension {
                guard let definition = of(field, on: type.name, schema: schema) else { continue }
                found[definition.fragmentName ?? "", default: []].append(definition)
            }
        }
        return found
    }
}
