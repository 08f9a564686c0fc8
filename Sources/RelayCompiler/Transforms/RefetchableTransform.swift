import GraphQLParser

/// Adds the query Relay generates for each `@refetchable(queryName:)` fragment, which fetches
/// the fragment again from a fresh root: `query Q($id: ID!, …) { node(id: $id) { ...F } }` for a
/// fragment on a Node type, `viewer { ...F }` on Viewer, `...F` on the query type. The
/// fragment's arguments become the query's variables, so a refetch can change them.
public enum RefetchableTransform: ProgramTransform {
    public static let name = "Refetchable"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        var operations = program.operations
        var diagnostics: [Diagnostic] = []
        let existingNames = Set(program.operations.map(\.name) + program.fragments.map(\.name))
        for fragment in program.fragments {
            guard let queryName = fragment.refetchQueryName else { continue }
            guard !existingNames.contains(queryName), !operations.contains(where: { $0.name == queryName }) else {
                diagnostics.append(
                    .error(
                        "The refetch query name \"\(queryName)\" of fragment \"\(fragment.name)\" is already used.",
                        at: fragment.location))
                continue
            }
            guard let queryType = schema.queryType else { continue }
            let spread = IRSelection.fragmentSpread(
                IRFragmentSpread(
                    name: fragment.name,
                    arguments: fragment.argumentDefinitions.map {
                        IRArgument(name: $0.name, value: .variable($0.name), type: $0.type, location: $0.location)
                    }, directives: [], location: fragment.location))
            var variables = fragment.argumentDefinitions
            let selection: IRSelection
            if fragment.typeCondition == queryType {
                selection = spread
            } else if fragment.typeCondition == "Viewer" {
                guard let viewer = schema[queryType].flatMap({ schema.field("viewer", on: $0) }) else {
                    diagnostics.append(
                        .error(
                            "@refetchable on Viewer needs a \"viewer\" field on \"\(queryType)\".",
                            at: fragment.location))
                    continue
                }
                selection = .linkedField(
                    IRLinkedField(
                        alias: nil, name: "viewer", parentType: queryType, type: viewer.type, arguments: [],
                        directives: [], selections: [spread], location: fragment.location))
            } else {
                guard let node = schema[queryType].flatMap({ schema.field("node", on: $0) }),
                    let idArgument = node.argument("id")
                else {
                    diagnostics.append(
                        .error(
                            "@refetchable on \"\(fragment.typeCondition)\" needs a \"node(id: ID!)\" field on "
                                + "\"\(queryType)\".", at: fragment.location))
                    continue
                }
                let idName = variables.contains { $0.name == "id" } ? "__id" : "id"
                variables.insert(
                    IRVariableDefinition(
                        name: idName, type: idArgument.type, defaultValue: nil, location: fragment.location), at: 0)
                let onType: [IRSelection] =
                    fragment.typeCondition == node.type.namedType
                    ? [spread]
                    : [
                        .inlineFragment(
                            IRInlineFragment(
                                typeCondition: fragment.typeCondition, directives: [], selections: [spread],
                                location: fragment.location))
                    ]
                selection = .linkedField(
                    IRLinkedField(
                        alias: nil, name: "node", parentType: queryType, type: node.type,
                        arguments: [
                            IRArgument(
                                name: "id", value: .variable(idName), type: idArgument.type, location: fragment.location
                            )
                        ], directives: [], selections: onType, location: fragment.location))
            }
            operations.append(
                IROperation(
                    name: queryName, kind: .query, rootType: queryType, variables: variables, directives: [],
                    selections: [selection], location: fragment.location))
        }
        return TransformOutput(IRProgram(operations: operations, fragments: program.fragments), diagnostics)
    }
}
