import GraphQLParser

/// Adds what the store needs to normalize a response, as Relay does for the operation it sends:
/// `id` on every object whose type has one (records are keyed by it; `... on Node { id }` for a
/// union or interface of Nodes) and `__typename` on every abstract field (the concrete type decides which inline fragments apply). App code never reads
/// these unless it selected them; they go only into the server text and normalization.
public enum GenerateIdentityFieldsTransform: ProgramTransform {
    public static let name = "GenerateIdentityFields"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        return TransformOutput(program.transformingDefinitions { apply($0, on: $1, schema: schema) })
    }

    static func apply(_ selections: [IRSelection], on parentType: String, schema: Schema) -> [IRSelection] {
        selections.map { selection in
            switch selection {
            case .linkedField(var field):
                field.selections = withIdentity(
                    apply(field.selections, on: field.type.namedType, schema: schema), of: field, schema: schema)
                return .linkedField(field)
            case .inlineFragment(var fragment):
                fragment.selections = apply(fragment.selections, on: fragment.typeCondition, schema: schema)
                return .inlineFragment(fragment)
            case .condition(var condition):
                condition.selections = apply(condition.selections, on: parentType, schema: schema)
                return .condition(condition)
            case .scalarField, .fragmentSpread:
                return selection
            }
        }
    }

    private static func withIdentity(_ selections: [IRSelection], of field: IRLinkedField, schema: Schema)
        -> [IRSelection]
    {
        guard let type = schema[field.type.namedType] else { return selections }
        var result = TypenameTransform.withTypename(selections, of: field, schema: schema)
        if let id = type.field("id") {
            if id.type.nullable == .named("ID"), !selections.selectsUnaliased("id") {
                result.append(.generatedField(id, on: type.name, at: field.location))
            }
        } else if type.kind.isAbstract, let node = schema["Node"], node.kind == .interface,
            let id = node.field("id"), schema.possibleTypes(of: type).contains(where: { schema.isSubType(node, $0) })
        {
            // A union or an interface without `id` whose members are Nodes: `... on Node { id }`.
            result.append(
                .inlineFragment(
                    IRInlineFragment(
                        typeCondition: node.name, directives: [],
                        selections: [.generatedField(id, on: node.name, at: field.location)],
                        location: field.location)))
        }
        return result
    }
}
