/// Relay's flatten transform on the text a server receives: an inline fragment on its parent's
/// type without directives becomes part of its parent, and selections that merge (the same
/// response key, type condition and directives, condition, or fragment spread) become one, so
/// the server gets the smallest equivalent text. Spreads stay spreads. A condition inside the
/// same condition is redundant and dissolves into it (inside the opposite one it can never
/// apply and is removed), so no selection carries the same directive twice.
public enum FlattenTransform: ProgramTransform {
    public static let name = "Flatten"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        let fragments = program.fragmentsByName
        return TransformOutput(
            program.transformingDefinitions { selections, parentType in
                FlattenSelections.apply(
                    simplifyingConditions(selections, active: [:]), parentType: parentType, fragments: fragments,
                    mode: .operationText)
            })
    }

    /// `active`: the variables of the enclosing conditions and the value each requires.
    static func simplifyingConditions(_ selections: [IRSelection], active: [String: Bool]) -> [IRSelection] {
        selections.flatMap { selection -> [IRSelection] in
            switch selection {
            case .condition(var condition):
                guard case .variable(let name) = condition.value else { return [selection] }
                if let required = active[name] {
                    return required == condition.passingValue
                        ? simplifyingConditions(condition.selections, active: active) : []
                }
                var inner = active
                inner[name] = condition.passingValue
                condition.selections = simplifyingConditions(condition.selections, active: inner)
                return condition.selections.isEmpty ? [] : [.condition(condition)]
            case .linkedField(var field):
                field.selections = simplifyingConditions(field.selections, active: active)
                return [.linkedField(field)]
            case .inlineFragment(var fragment):
                fragment.selections = simplifyingConditions(fragment.selections, active: active)
                return [.inlineFragment(fragment)]
            case .scalarField, .fragmentSpread:
                return [selection]
            }
        }
    }
}
