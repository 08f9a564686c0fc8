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
    /// Whether the resolver returns an object (a client edge) rather than a scalar or enum.
    let returnsObject: Bool

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
        let returnsObject = schema[field.type.namedType]?.kind.isComposite ?? false
        return ResolverDefinition(
            typeName: typeName, field: field, directive: directive, fragmentName: string("fragment_name"),
            importPath: string("import_path"), functionName: string("import_name") ?? field.name, isLive: isLive,
            returnsObject: returnsObject)
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
