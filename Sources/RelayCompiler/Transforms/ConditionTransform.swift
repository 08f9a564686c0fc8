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
        // Nested as Relay's IR builder nests them, whatever the written order: sorted by the
        // variable's name (constants first), the first innermost. Its text then prints them
        // innermost first, e.g. `@skip(if: $bar) @include(if: $foo)`.
        let ordered = conditions.enumerated().sorted { first, second in
            let (a, b) = (first.element.0.conditionVariable, second.element.0.conditionVariable)
            if a != b { return (a ?? "").utf8.lexicographicallyPrecedes((b ?? "").utf8) || a == nil }
            return first.offset < second.offset
        }
        for (directive, passingValue) in ordered.map(\.element) {
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

extension IRDirective {
    /// The variable of an `@include` / `@skip` condition, nil when it is a literal.
    fileprivate var conditionVariable: String? {
        if case .variable(let name)? = argument("if")?.value { name } else { nil }
    }
}
