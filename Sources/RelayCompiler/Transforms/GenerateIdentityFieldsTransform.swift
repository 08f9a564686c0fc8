import GraphQLParser

/// Adds what the store needs to normalize a response, as Relay does for the operation it sends:
/// `id` on every object whose type has one (records are keyed by it; for a union or an interface
/// without `id`, `... on Node { id }` and `... on Member { id }` for its members that have one)
/// and `__typename` on every abstract field (the concrete type decides which inline fragments
/// apply). App code never reads these unless it selected them; they go only into the server
/// text and normalization.
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
        guard !selections.selectsUnaliased("id") else { return result }
        if let id = identityField(of: type) {
            // Relay merges the `node { __typename }` its connection transform adds into the
            // selected `node` after adding `id` to both: the added `__typename` then comes last.
            let insertion = result.count > 1 && result.last?.isGeneratedTypename(at: field.location) == true
            result.insert(
                .generatedField(id, on: type.name, at: field.location), at: result.count - (insertion ? 1 : 0))
        } else if type.kind.isAbstract {
            // A union, or an interface without `id`: `... on Node { id }` when any member is a
            // Node, then `... on Member { id }` for each member (by name) with an `id` of type
            // `ID` that is not a Node, so every record that can be keyed by id is (Relay's
            // generate_id_field).
            let node = schema["Node"].flatMap { $0.kind == .interface ? $0 : nil }
            var anyNode = false
            var others: [(SchemaType, SchemaField)] = []
            for member in schema.possibleTypes(of: type) {
                if let node, member.interfaces.contains(node.name) {
                    anyNode = true
                } else if let id = identityField(of: member) {
                    others.append((member, id))
                }
            }
            if anyNode, let node, let id = node.field("id") {
                result.append(idFragment(on: node.name, id, at: field.location))
            }
            for (member, id) in others.sorted(by: { $0.0.name < $1.0.name }) {
                result.append(idFragment(on: member.name, id, at: field.location))
            }
        }
        return result
    }

    /// The type's `id` field when it is an `ID` (the store keys records by it).
    private static func identityField(of type: SchemaType) -> SchemaField? {
        guard let id = type.field("id"), id.type.nullable == .named("ID") else { return nil }
        return id
    }

    /// `... on <type> { id }`.
    private static func idFragment(on typeName: String, _ id: SchemaField, at location: SourceLocation) -> IRSelection {
        .inlineFragment(
            IRInlineFragment(
                typeCondition: typeName, directives: [],
                selections: [.generatedField(id, on: typeName, at: location)], location: location))
    }
}

extension IRSelection {
    /// A `__typename` a transform added to the field written at `location` (its location is the
    /// field's, where a selected one has its own).
    fileprivate func isGeneratedTypename(at location: SourceLocation) -> Bool {
        guard case .scalarField(let field) = self else { return false }
        return field.name == "__typename" && field.alias == nil && field.location == location
    }
}
