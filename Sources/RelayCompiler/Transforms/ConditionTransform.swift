/// Turns `@include(if:)` and `@skip(if:)` into conditions the runtime evaluates with the
/// operation's variables, as Relay does. Constant conditions are decided here: a selection that
/// can never apply is removed, one that always applies loses the directive.
public enum ConditionTransform {
    public static func apply(_ program: IRProgram) -> IRProgram {
        program.rewritingSelectionsConcurrently { selection in
            var selection = selection
            var conditions: [(IRDirective, passingValue: Bool)] = []
            selection.directives.removeAll { directive in
                switch directive.name {
                case "include": conditions.append((directive, true))
                case "skip": conditions.append((directive, false))
                default: return false
                }
                return true
            }
            var result = [selection]
            for (directive, passingValue) in conditions.reversed() {
                switch directive.argument("if")?.value {
                case .bool(let value):
                    if value != passingValue { return [] }
                case .variable(let name):
                    result = [
                        .condition(
                            IRCondition(
                                value: .variable(name), passingValue: passingValue, selections: result,
                                location: directive.location))
                    ]
                default:
                    continue
                }
            }
            return result
        }
    }
}
