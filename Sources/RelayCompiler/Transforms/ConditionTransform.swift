/// Turns `@include(if:)` and `@skip(if:)` into conditions the runtime evaluates with the
/// operation's variables, as Relay does. Constant conditions are decided here: a selection that
/// can never apply is removed, one that always applies loses the directive.
public enum ConditionTransform: ProgramTransform {
    public static let name = "Condition"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        TransformOutput(program.rewritingSelectionsConcurrently(condition))
    }

    /// The selection under the conditions its `@include` / `@skip` ask for.
    private static func condition(_ selection: IRSelection) -> [IRSelection] {
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
        // `@include` inside `@skip` whatever the written order, as Relay nests them (its text
        // then reads `@skip(…) @include(…)`).
        for (directive, passingValue) in conditions.sorted(by: { $0.passingValue && !$1.passingValue }) {
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
