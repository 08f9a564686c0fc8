import GraphQLParser

/// Relay's type discriminators in the text a server receives: a fragment or inline fragment on
/// an interface or union selects `__is<Type>: __typename` first, so a response says which types
/// implement the abstract type even when the client's schema does not know the concrete type
/// yet. (Relay's generate-typename transform adds them; relay-swift's runtime refines with the
/// schema's possible types and reads the key when present.) Client extension types, and inline
/// fragments the compiler made for `@defer`, `@module`, `@inline`, `@alias` or client
/// extensions, get none, as in Relay.
public enum TypeDiscriminatorTransform: ProgramTransform {
    public static let name = "TypeDiscriminator"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        var program = program.rewritingSelectionsConcurrently { selection in
            guard case .inlineFragment(var fragment) = selection, !fragment.isCompilerMade,
                let discriminator = discriminator(for: fragment.typeCondition, at: fragment.location, schema)
            else { return [selection] }
            fragment.selections.insert(discriminator, at: 0)
            return [.inlineFragment(fragment)]
        }
        for index in program.fragments.indices {
            let fragment = program.fragments[index]
            guard let discriminator = discriminator(for: fragment.typeCondition, at: fragment.location, schema) else {
                continue
            }
            program.fragments[index].selections.insert(discriminator, at: 0)
        }
        return TransformOutput(program)
    }

    /// `__is<Type>: __typename` for an abstract server type, else nil.
    static func discriminator(for typeName: String, at location: SourceLocation, _ schema: Schema) -> IRSelection? {
        guard let type = schema[typeName], type.kind.isAbstract, !type.isClientExtension,
            let typename = schema.field("__typename", on: type)
        else { return nil }
        guard case .scalarField(var field) = IRSelection.generatedField(typename, on: typeName, at: location) else {
            return nil
        }
        field.alias = "__is" + typeName
        return .scalarField(field)
    }
}

extension IRInlineFragment {
    /// An inline fragment the compiler made to carry something other than a type refinement.
    var isCompilerMade: Bool {
        isClientExtension || moduleImport != nil || inlineData != nil || alias != nil
            || directives.contains { $0.name == "defer" }
    }
}
