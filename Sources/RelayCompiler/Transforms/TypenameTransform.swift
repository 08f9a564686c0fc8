import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// Selects `__typename` on every field of an interface or union type, for reading as well as
/// storing: generated `Data` decodes such fields into the case of their concrete type.
public enum TypenameTransform: ProgramTransform {
    public static let name = "Typename"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        return TransformOutput(
            program.rewritingSelectionsConcurrently { selection in
                guard case .linkedField(var field) = selection else { return [selection] }
                field.selections = withTypename(field.selections, of: field, schema: schema)
                return [.linkedField(field)]
            })
    }

    /// `selections` with `__typename` first when the field's type is abstract and the selections
    /// lack an unaliased `__typename`.
    static func withTypename(_ selections: [IRSelection], of field: IRLinkedField, schema: Schema) -> [IRSelection] {
        guard let type = schema[field.type.namedType], type.kind.isAbstract,
            let typename = schema.field("__typename", on: type), !selections.selectsUnaliased("__typename")
        else { return selections }
        return [.generatedField(typename, on: type.name, at: field.location)] + selections
    }
}

extension IRSelection {
    /// A field the compiler adds (`__typename`, `id`): no alias, arguments or directives.
    static func generatedField(_ definition: SchemaField, on parentType: String, at location: SourceLocation)
        -> IRSelection
    {
        .scalarField(
            IRScalarField(
                alias: nil, name: definition.name, parentType: parentType, type: definition.type, arguments: [],
                directives: [], location: location))
    }
}

extension Array where Element == IRSelection {
    /// True when the list selects field `name` directly, without an alias.
    func selectsUnaliased(_ name: String) -> Bool {
        contains {
            if case .scalarField(let scalar) = $0 { scalar.name == name && scalar.alias == nil } else { false }
        }
    }
}
