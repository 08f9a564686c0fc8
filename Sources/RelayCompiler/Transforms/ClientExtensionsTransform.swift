import GraphQLParser

/// Gathers the client-only selections of every selection set — fields a client schema
/// extension defines and inline fragments on client-only types — into one inline fragment
/// marked `@__clientExtension`, placed last (Relay's client-extensions transform). Code
/// generation makes them `ClientExtension` nodes, which the store reads and writes but does not
/// count as missing, and optional properties; the operation text leaves them out
/// (`SkipClientExtensionsTransform`).
public enum ClientExtensionsTransform: ProgramTransform {
    public static let name = "ClientExtensions"
    /// The marker directive of the gathering inline fragment.
    public static let directiveName = "__clientExtension"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        guard schema.hasClientExtensions else { return TransformOutput(program) }
        return TransformOutput(
            program.transformingDefinitions { selections, type in group(selections, parentType: type, schema) })
    }

    private static func group(_ selections: [IRSelection], parentType: String, _ schema: Schema) -> [IRSelection] {
        var server: [IRSelection] = []
        var client: [IRSelection] = []
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                if isClientField(field.name, on: field.parentType, schema) {
                    client.append(selection)
                } else {
                    server.append(selection)
                }
            case .linkedField(var field):
                if isClientField(field.name, on: field.parentType, schema) {
                    client.append(selection)
                } else {
                    field.selections = group(field.selections, parentType: field.type.namedType, schema)
                    server.append(.linkedField(field))
                }
            case .inlineFragment(var fragment):
                if schema[fragment.typeCondition]?.isClientExtension == true {
                    client.append(selection)
                } else if fragment.isClientExtension {
                    server.append(selection)
                } else {
                    fragment.selections = group(fragment.selections, parentType: fragment.typeCondition, schema)
                    server.append(.inlineFragment(fragment))
                }
            case .condition(var condition):
                condition.selections = group(condition.selections, parentType: parentType, schema)
                server.append(.condition(condition))
            case .fragmentSpread:
                server.append(selection)
            }
        }
        guard let first = client.first else { return server }
        let location = first.location
        return server + [
            .inlineFragment(
                IRInlineFragment(
                    typeCondition: parentType,
                    directives: [IRDirective(name: directiveName, arguments: [], location: location)],
                    selections: client, location: location))
        ]
    }

    private static func isClientField(_ name: String, on parentType: String, _ schema: Schema) -> Bool {
        schema.isClientField(name, on: parentType)
    }
}

extension Schema {
    /// Whether a client schema extension defines the field `name` of `parentType`.
    func isClientField(_ name: String, on parentType: String) -> Bool {
        guard let type = self[parentType] else { return false }
        return field(name, on: type)?.isClientExtension == true
    }
}

extension IRInlineFragment {
    /// Gathers client-only selections (`ClientExtensionsTransform`).
    public var isClientExtension: Bool {
        directives.contains { $0.name == ClientExtensionsTransform.directiveName }
    }
}
