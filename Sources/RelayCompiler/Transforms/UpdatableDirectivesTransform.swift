import GraphQLParser

/// Relay's `@updatable` (queries and fragments an updater reads and assigns with typed setters)
/// and `@assignable` (fragments that stand for a record an updater may assign to a linked field):
/// marks the definitions (`isUpdatable`, `isAssignable`), consumes the directives, and runs
/// Relay's checks of both (`Updatable/`). It runs before the other Relay directives are read, so
/// the checks see every directive as written, as Relay's validations do.
public enum UpdatableDirectivesTransform: ProgramTransform {
    public static let name = "UpdatableDirectives"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let written = program
        guard
            written.operations.contains(where: { $0.directives.contains(where: \.isUpdatableOrAssignable) })
                || written.fragments.contains(where: { $0.directives.contains(where: \.isUpdatableOrAssignable) })
        else { return TransformOutput(program) }
        var program = program
        for index in program.operations.indices {
            program.operations[index].isUpdatable = program.operations[index].directives.contains {
                $0.name == "updatable"
            }
            program.operations[index].directives.removeAll(where: \.isUpdatableOrAssignable)
        }
        for index in program.fragments.indices {
            let directives = program.fragments[index].directives
            program.fragments[index].isUpdatable = directives.contains { $0.name == "updatable" }
            program.fragments[index].isAssignable = directives.contains { $0.name == "assignable" }
            program.fragments[index].directives.removeAll(where: \.isUpdatableOrAssignable)
        }
        let fragments = program.fragmentsByName
        let schema = context.schema
        var diagnostics: [Diagnostic] = []
        for (operation, asWritten) in zip(program.operations, written.operations) {
            if operation.isUpdatable {
                diagnostics += UpdatableDefinitionRule.diagnostics(
                    .init(name: operation.name, plural: "operations", location: operation.location),
                    directives: asWritten.directives, selections: operation.selections, fragments: fragments,
                    schema: schema)
            } else {
                diagnostics += AssignableFragmentSpreadRule.diagnostics(
                    selections: operation.selections, fragments: fragments, schema: schema)
            }
            diagnostics += UpdatableFragmentSpreadRule.diagnostics(
                selections: operation.selections, containingType: operation.rootType, fragments: fragments,
                schema: schema)
        }
        for (fragment, asWritten) in zip(program.fragments, written.fragments) {
            if fragment.isAssignable {
                var withDirectives = fragment
                withDirectives.directives = asWritten.directives
                diagnostics += AssignableFragmentRule.diagnostics(withDirectives)
            }
            if fragment.isUpdatable {
                diagnostics += UpdatableDefinitionRule.diagnostics(
                    .init(name: fragment.name, plural: "fragments", location: fragment.location),
                    directives: asWritten.directives, selections: fragment.selections, fragments: fragments,
                    schema: schema)
            } else {
                diagnostics += AssignableFragmentSpreadRule.diagnostics(
                    selections: fragment.selections, fragments: fragments, schema: schema)
            }
            diagnostics += UpdatableFragmentSpreadRule.diagnostics(
                selections: fragment.selections, containingType: fragment.typeCondition, fragments: fragments,
                schema: schema)
        }
        return TransformOutput(program, diagnostics)
    }
}

extension IRDirective {
    fileprivate var isUpdatableOrAssignable: Bool { name == "updatable" || name == "assignable" }
}

// MARK: What this feature keeps on IR nodes

extension IROperation {
    /// `@updatable` (a query): never sent; it reads and writes the store with typed setters
    /// (`readUpdatableQuery`).
    public var isUpdatable: Bool {
        get { metadata[OperationIsUpdatableKey.self] }
        set { metadata[OperationIsUpdatableKey.self] = newValue }
    }
}

private enum OperationIsUpdatableKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

extension IRFragment {
    /// `@updatable`: read and written with typed setters (`readUpdatableFragment`) through the
    /// key of a query or fragment that spreads it; the server sees `__typename` in its place.
    public var isUpdatable: Bool {
        get { metadata[FragmentIsUpdatableKey.self] }
        set { metadata[FragmentIsUpdatableKey.self] = newValue }
    }
}

private enum FragmentIsUpdatableKey: IRMetadataKey {
    static let defaultValue: Bool = false
}

extension IRFragment {
    /// `@assignable`: a record of its type, from a query or fragment that spreads it, may be
    /// assigned to a linked field of an updatable query or fragment that spreads it too.
    public var isAssignable: Bool {
        get { metadata[FragmentIsAssignableKey.self] }
        set { metadata[FragmentIsAssignableKey.self] = newValue }
    }
}

private enum FragmentIsAssignableKey: IRMetadataKey {
    static let defaultValue: Bool = false
}
