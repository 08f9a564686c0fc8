import GraphQLParser

/// Relay's checks of a resolver's output type (`@outputType`, `has_output_type: true`, on a
/// type that is not a weak model): the resolver returns the whole object, so every field of
/// it must be data the client can hold — client types only, no `id` (that makes a strong
/// object), no arguments, no type inside itself, and an interface some client type implements.
/// Relay's messages, at the schema field they are about.
enum OutputTypeRule {
    static func diagnostics(_ schema: Schema) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for type in schema.typeList where type.kind == .object || type.kind == .interface {
            for field in type.fields where field.isClientExtension {
                guard let resolver = ResolverDefinition.of(field, on: type.name, schema: schema),
                    resolver.returns == .outputObject || resolver.returns == .abstractClientObject,
                    resolver.hasOutputType, let target = schema[field.type.namedType]
                else { continue }
                var walker = Walker(schema: schema)
                walker.fatSelections(of: target, for: field)
                diagnostics += walker.diagnostics
            }
        }
        return diagnostics
    }

    private struct Walker {
        let schema: Schema
        var diagnostics: [Diagnostic] = []
        var parents: Set<String> = []

        mutating func fatSelections(of type: SchemaType, for field: SchemaField) {
            guard type.isClientExtension else { return serverType(type, for: field) }
            parents.insert(type.name)
            if type.kind == .interface {
                implementors(of: type, for: field)
            } else {
                fields(of: type)
            }
        }

        private mutating func fields(of type: SchemaType) {
            for field in type.fields where ResolverDefinition.of(field, on: type.name, schema: schema) == nil {
                let location = field.definition?.name.location
                if field.name == "id" {
                    report(
                        "Field name `id` is reserved for strong objects (objects that implement Node interface). "
                            + "Defining `id` fields is not currently supported on @RelayResolver with @outputType.",
                        at: location)
                    continue
                }
                if !field.arguments.isEmpty {
                    report(
                        "Arguments are not supported in the fields on the @outputType in @RelayResolvers. You'll need "
                            + "to expose these fields using @RelayResolver for them.", at: location)
                    continue
                }
                guard let inner = schema[field.type.namedType], inner.kind == .object || inner.kind == .interface
                else { continue }
                guard inner.isClientExtension else {
                    serverType(inner, for: field)
                    continue
                }
                guard !parents.contains(inner.name) else {
                    report(
                        "@RelayResolver type recursion detected for the output type `\(inner.name)`. This is not "
                            + "supported for `@outputType` resolvers. If you want to model a connection between two "
                            + "entities of the same GraphQL type, consider creating a new Relay Resolver with "
                            + "`@edgeTo` annotation.", at: location)
                    continue
                }
                parents.insert(inner.name)
                if inner.kind == .interface { implementors(of: inner, for: field) } else { fields(of: inner) }
                parents.remove(inner.name)
            }
        }

        private mutating func implementors(of interface: SchemaType, for field: SchemaField) {
            let objects = schema.possibleTypes(of: interface).sorted { $0.name < $1.name }
            let location = interface.definition?.node.location
            guard !objects.isEmpty else {
                return report(
                    "No types implement the client interface \(interface.name). Interfaces returned by a "
                        + "@RelayResolver must have at least one concrete implementation.", at: location)
            }
            for object in objects {
                guard object.isClientExtension else {
                    report(
                        "The interface \(interface.name) is being used as an @outputType of a @RelayResolver. For this "
                            + "to be valid, all Object types that implement the interface must be client types. "
                            + "However, the \(object.name), which implements \(interface.name), is a server type.",
                        at: location)
                    continue
                }
                guard !parents.contains(object.name) else {
                    report(
                        "@RelayResolver type recursion detected for the output type `\(object.name)`. This is not "
                            + "supported for `@outputType` resolvers. If you want to model a connection between two "
                            + "entities of the same GraphQL type, consider creating a new Relay Resolver with "
                            + "`@edgeTo` annotation.", at: field.definition?.name.location)
                    continue
                }
                parents.insert(object.name)
                fields(of: object)
                parents.remove(object.name)
            }
        }

        private mutating func serverType(_ type: SchemaType, for field: SchemaField) {
            report(
                "Field `\(field.name)` has output type `\(type.name)`. `\(type.name)` is a server type, and server "
                    + "types cannot be used with @outputType on @RelayResolver. Edges to server types can be exposed "
                    + "with @edgeTo and @waterfall.", at: field.definition?.name.location)
        }

        private mutating func report(_ message: String, at location: SourceLocation?) {
            diagnostics.append(.error(message, at: location))
        }
    }
}
