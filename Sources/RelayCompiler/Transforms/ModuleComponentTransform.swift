import GraphQLParser

/// What app code reads of a `@module` branch (the reader's side of `MatchTransform`): the
/// fragment's key and the component the server named, as `__module_component: String?`, as
/// Relay's reader gives `__module_component` beside the fragment reference. The normalization's
/// name is the store's business and is not read. The field keeps its arguments, so it reads the
/// value the response's `__module_component_<key>` was stored under.
public enum ModuleComponentTransform: ProgramTransform {
    public static let name = "ModuleComponent"
    /// The property a branch's component name is read into.
    static let componentProperty = "__module_component"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let transformed = program.rewritingSelectionsConcurrently { selection in
            guard case .inlineFragment(var fragment) = selection, let module = fragment.moduleImport else {
                return [selection]
            }
            if module.isClient {
                // No server names a client type's component: the reader gives the one named.
                fragment.selections.append(
                    .scalarField(
                        IRScalarField(
                            alias: nil, name: componentProperty, parentType: fragment.typeCondition,
                            type: .named("String"), arguments: [], directives: [], location: fragment.location)))
                return [.inlineFragment(fragment)]
            }
            fragment.selections = fragment.selections.compactMap { selection in
                guard case .scalarField(var field) = selection else { return selection }
                if field.alias == module.operationField { return nil }
                if field.alias == module.componentField {
                    field.alias = componentProperty
                    field.type = .named("String")
                    return .scalarField(field)
                }
                return selection
            }
            return [.inlineFragment(fragment)]
        }
        return TransformOutput(transformed)
    }
}
