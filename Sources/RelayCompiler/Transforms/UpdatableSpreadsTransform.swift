import GraphQLParser

/// What the server and the store see of updatable and assignable data (Relay's
/// `replace_updatable_fragment_spreads` and the server half of its assignable transform):
/// `@updatable` queries are never sent, so they leave the server programs; a spread of an
/// `@updatable` fragment is sent as the `__typename` its key needs (the updater reads the store,
/// not the response); a spread of an `@assignable` fragment on an abstract type also asks for
/// `__is<Fragment>: __typename`, which says whether the record has the fragment's type.
public enum UpdatableSpreadsTransform: ProgramTransform {
    public static let name = "ReplaceUpdatableFragmentSpreads"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        guard
            program.operations.contains(where: \.isUpdatable)
                || program.fragments.contains(where: { $0.isUpdatable || $0.isAssignable })
        else { return TransformOutput(program) }
        let updatable = Dictionary(
            program.fragments.filter(\.isUpdatable).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let assignable = Dictionary(
            program.fragments.filter(\.isAssignable).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var program = program
        program.operations.removeAll(where: \.isUpdatable)
        program.fragments.removeAll(where: \.isUpdatable)
        let schema = context.schema
        return TransformOutput(
            program.rewritingSelections { selection in
                guard case .fragmentSpread(let spread) = selection else { return [selection] }
                if let fragment = assignable[spread.name] {
                    return [selection] + assignableMarker(fragment, at: spread.location, schema: schema)
                }
                guard let fragment = updatable[spread.name], let type = schema[fragment.typeCondition],
                    let typename = schema.field("__typename", on: type)
                else { return [selection] }
                return [.generatedField(typename, on: type.name, at: spread.location)]
            })
    }

    /// `__typename` on a concrete type, `... on T { __isF: __typename }` on an abstract one.
    private static func assignableMarker(_ fragment: IRFragment, at location: SourceLocation, schema: Schema)
        -> [IRSelection]
    {
        guard let type = schema[fragment.typeCondition], let typename = schema.field("__typename", on: type) else {
            return []
        }
        guard type.kind.isAbstract else { return [.generatedField(typename, on: type.name, at: location)] }
        let marker = IRScalarField(
            alias: "__is\(fragment.name)", name: typename.name, parentType: type.name, type: typename.type,
            arguments: [], directives: [], location: location)
        return [
            .inlineFragment(
                IRInlineFragment(
                    typeCondition: type.name, directives: [], selections: [.scalarField(marker)], location: location))
        ]
    }
}
