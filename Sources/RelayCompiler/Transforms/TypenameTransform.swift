import GraphQLParser

/// Selects `__typename` on every field of an interface or union type, for reading as well as
/// storing: generated `Data` decodes such fields into the case of their concrete type.
public enum TypenameTransform {
    public static func apply(_ program: IRProgram, schema: Schema) -> IRProgram {
        program.rewritingSelections { selection in
            guard case .linkedField(var field) = selection, let type = schema[field.type.namedType],
                type.kind.isAbstract, let typename = schema.field("__typename", on: type),
                !field.selections.contains(where: {
                    if case .scalarField(let scalar) = $0 { scalar.responseKey == "__typename" } else { false }
                })
            else { return [selection] }
            field.selections.insert(
                .scalarField(
                    IRScalarField(
                        alias: nil, name: typename.name, parentType: type.name, type: typename.type, arguments: [],
                        directives: [], location: field.location)), at: 0)
            return [.linkedField(field)]
        }
    }
}
