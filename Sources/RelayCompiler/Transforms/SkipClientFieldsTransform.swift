import GraphQLParser

/// What the server and the store's normalization never see: Relay's client-only `__id` (the
/// reader answers it from the record's id) and fields Relay Resolvers compute from a root
/// fragment — in their place the server gets a spread of that fragment, whose data the resolver reads (the
/// field's arguments that the fragment declares become the spread's), taken out of the client
/// extension the field stood in, as the fragment's fields are the server's. Client schema
/// extensions are stored, so they stay here and leave the operation text in
/// `SkipClientExtensionsTransform`.
public enum SkipClientFieldsTransform: ProgramTransform {
    public static let name = "SkipClientFields"

    /// Marks the spread made for a resolver until it leaves its client extension.
    static let rootFragmentMarker = "__resolverRootFragment"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let rootArguments = Dictionary(
            program.fragments.map { ($0.name, Set($0.argumentDefinitions.map(\.name))) },
            uniquingKeysWith: { first, _ in first })
        return TransformOutput(
            program.rewritingSelectionsConcurrently { selection in
                switch selection {
                case .scalarField(let field):
                    if field.name == RelaySchema.recordIDField { return [] }
                    guard let resolver = field.resolver else { return [selection] }
                    // A resolver without a root fragment reads nothing of the server's: it stays a
                    // client field, which the store's selections keep and the text leaves out.
                    guard resolver.fragmentName != nil else { return [selection] }
                    return rootFragmentSpread(resolver, field.arguments, at: field.location, rootArguments)
                case .linkedField(let field):
                    // A client edge: the server gets the root fragment, the store the record it
                    // names through the edge's own query.
                    guard let resolver = field.resolver else { return [selection] }
                    guard resolver.fragmentName != nil else {
                        // Without a root fragment it stays a client field, as above; what the
                        // edge leads to is the reader's alone.
                        var client = IRScalarField(
                            alias: field.alias, name: field.name, parentType: field.parentType, type: field.type,
                            arguments: field.arguments, directives: [], location: field.location)
                        client.resolver = resolver
                        return [.scalarField(client)]
                    }
                    return rootFragmentSpread(resolver, field.arguments, at: field.location, rootArguments)
                case .inlineFragment(var fragment)
                where fragment.directives.contains(where: { $0.name == ClientExtensionsTransform.directiveName }):
                    var hoisted: [IRSelection] = []
                    fragment.selections.removeAll { selection in
                        guard case .fragmentSpread(var spread) = selection,
                            spread.directives.contains(where: { $0.name == rootFragmentMarker })
                        else { return false }
                        spread.directives.removeAll { $0.name == rootFragmentMarker }
                        hoisted.append(.fragmentSpread(spread))
                        return true
                    }
                    return hoisted + (fragment.selections.isEmpty ? [] : [.inlineFragment(fragment)])
                default:
                    return [selection]
                }
            })
    }

    /// The spread of a resolver's root fragment in place of its field, with the field's
    /// arguments the fragment declares, marked until it leaves its client extension; nothing
    /// for a resolver without one (or whose fragment is missing, an error reported before).
    private static func rootFragmentSpread(
        _ resolver: IRResolver, _ fieldArguments: [IRArgument], at location: SourceLocation,
        _ rootArguments: [String: Set<String>]
    ) -> [IRSelection] {
        guard let fragment = resolver.fragmentName, let arguments = rootArguments[fragment] else { return [] }
        let marker = IRDirective(name: rootFragmentMarker, arguments: [], location: location)
        return [
            .fragmentSpread(
                IRFragmentSpread(
                    name: fragment, arguments: fieldArguments.filter { arguments.contains($0.name) },
                    directives: [marker], location: location))
        ]
    }
}
