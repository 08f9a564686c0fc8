import GraphQLParser

/// Relay Resolver model types, in Relay's schema form (what a `@RelayResolver Type` docblock
/// becomes): a client object type with `@__RelayResolverModel` and a `__relay_model_instance`
/// field holding the app's Swift value for the object. A strong model has an `id`, and its
/// instance comes from the model resolver (a function of the id); a weak model
/// (`@__RelayWeakObject`) has no id, and the resolver of the edge to it returns the instance.
/// The model's field resolvers are functions of the instance.
enum ResolverModels {
    static let modelDirective = "__RelayResolverModel"
    static let weakDirective = "__RelayWeakObject"
    static let outputTypeDirective = "RelayOutputType"
    static let customScalarDirective = "__RelayCustomScalar"
    static let instanceField = "__relay_model_instance"

    /// Whether `type` is a resolver model.
    static func isModel(_ type: SchemaType) -> Bool {
        type.isClientExtension && directive(modelDirective, on: type) != nil
    }

    /// Whether `type` is a weak model (or a deprecated output type): its objects have no id and
    /// live only under the field that returned them.
    static func isWeak(_ type: SchemaType) -> Bool {
        type.isClientExtension && directive(weakDirective, on: type) != nil
    }

    static func isOutputType(_ type: SchemaType) -> Bool {
        type.isClientExtension && directive(outputTypeDirective, on: type) != nil
    }

    /// Relay's `RelayResolverValue` or a model's instance scalar (`@__RelayCustomScalar`): what
    /// a resolver gives as-is, read as `VariableValue` with no Swift type mapped.
    static func isResolverValueScalar(_ type: SchemaType) -> Bool {
        type.kind == .scalar
            && (type.name == "RelayResolverValue" || directive(customScalarDirective, on: type) != nil)
    }

    /// The Swift type of a weak model's instance: `export_name` of the custom scalar its
    /// `__relay_model_instance` has; nil when it names none.
    static func weakInstanceSwiftType(of type: SchemaType, schema: Schema) -> String? {
        guard let field = type.field(instanceField), let scalar = schema[field.type.namedType],
            let directive = directive(customScalarDirective, on: scalar)
        else { return nil }
        for argument in directive.arguments where argument.name.value == "export_name" {
            if case .string(let value) = argument.value { return value.value }
        }
        return nil
    }

    /// The fragments Relay's compiler generates for each model: `<Type>____relay_model_instance`
    /// (what the model's field resolvers read) and, for a strong model, `<Type>__id` (what its
    /// model resolver reads), each placed on the line of the type's definition.
    static func fragmentDocuments(_ schema: Schema, leavingOut written: Set<String>) -> [Document] {
        var documents: [Document] = []
        for type in schema.typeList where type.kind == .object && isModel(type) {
            guard type.field(instanceField) != nil, let definition = type.definition else { continue }
            let location = definition.node.location
            var text = ""
            for (name, field) in [("\(type.name)__\(instanceField)", instanceField), ("\(type.name)__id", "id")]
            where !written.contains(name) && type.field(field) != nil {
                text += "fragment \(name) on \(type.name) { \(field) } "
            }
            guard !text.isEmpty else { continue }
            let lines = String(repeating: "\n", count: max(location.line - 1, 0))
            documents.append(Parser.parse(Source(lines + text + "\n", name: location.file)).document)
        }
        return documents
    }

    private static func directive(_ name: String, on type: SchemaType) -> Directive? {
        for definition in [type.definition].compactMap({ $0 }) + type.extensions {
            let directives: NodeList<Directive>
            switch definition {
            case .object(let node): directives = node.directives
            case .objectExtension(let node): directives = node.directives
            case .scalar(let node): directives = node.directives
            default: continue
            }
            if let found = directives.first(where: { $0.name.value == name }) { return found }
        }
        return nil
    }
}
