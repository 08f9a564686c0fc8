import GraphQLParser

/// What a server never sees of client schema extensions (Relay's skip-client-extensions
/// transform): the selections `ClientExtensionsTransform` gathered, spreads of fragments on
/// client-only types and those fragments, and directives a client extension defines. What that
/// leaves empty is removed too — fields (a generated `__typename` alone counts as empty),
/// inline fragments, conditions, fragments and their spreads — so an operation of client
/// fields only has no server text at all (`Programs.texts` leaves it out).
public enum SkipClientExtensionsTransform: ProgramTransform {
    public static let name = "SkipClientExtensions"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let schema = context.schema
        guard schema.hasClientExtensions else { return TransformOutput(program) }
        var program = program
        var removed = Set(
            program.fragments.filter { schema[$0.typeCondition]?.isClientExtension == true }.map(\.name))
        // Removing a fragment may empty the fragments that spread it: repeat until nothing more
        // empties (at most once per fragment).
        while true {
            let skipped = removed
            program.fragments = program.fragments.concurrentMap { fragment in
                var fragment = fragment
                fragment.directives = serverDirectives(fragment.directives, schema)
                fragment.selections = skip(fragment.selections, removedFragments: skipped, schema)
                return fragment
            }
            let emptied = program.fragments.filter { $0.selections.isEmpty && !removed.contains($0.name) }
            guard !emptied.isEmpty else { break }
            removed.formUnion(emptied.map(\.name))
        }
        program.fragments.removeAll { removed.contains($0.name) }
        let skipped = removed
        program.operations = program.operations.concurrentMap { operation in
            var operation = operation
            operation.directives = serverDirectives(operation.directives, schema)
            operation.selections = skip(operation.selections, removedFragments: skipped, schema)
            return operation
        }
        return TransformOutput(program)
    }

    private static func skip(_ selections: [IRSelection], removedFragments: Set<String>, _ schema: Schema)
        -> [IRSelection]
    {
        selections.compactMap { selection -> IRSelection? in
            switch selection {
            case .scalarField(var field):
                field.directives = serverDirectives(field.directives, schema)
                return .scalarField(field)
            case .linkedField(var field):
                field.directives = serverDirectives(field.directives, schema)
                field.selections = skip(field.selections, removedFragments: removedFragments, schema)
                return field.selectsNothingWritten ? nil : .linkedField(field)
            case .inlineFragment(var fragment):
                guard !fragment.isClientExtension, schema[fragment.typeCondition]?.isClientExtension != true else {
                    return nil
                }
                fragment.directives = serverDirectives(fragment.directives, schema)
                fragment.selections = skip(fragment.selections, removedFragments: removedFragments, schema)
                return fragment.selections.isEmpty ? nil : .inlineFragment(fragment)
            case .condition(var condition):
                condition.selections = skip(condition.selections, removedFragments: removedFragments, schema)
                return condition.selections.isEmpty ? nil : .condition(condition)
            case .fragmentSpread(var spread):
                guard !removedFragments.contains(spread.name) else { return nil }
                spread.directives = serverDirectives(spread.directives, schema)
                return .fragmentSpread(spread)
            }
        }
    }

    private static func serverDirectives(_ directives: [IRDirective], _ schema: Schema) -> [IRDirective] {
        guard directives.contains(where: { schema.directives[$0.name]?.isClientExtension == true }) else {
            return directives
        }
        return directives.filter { schema.directives[$0.name]?.isClientExtension != true }
    }
}
