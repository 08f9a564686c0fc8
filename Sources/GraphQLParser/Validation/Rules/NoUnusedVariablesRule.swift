/// Every variable an operation defines is used, directly or in its fragments.
public final class NoUnusedVariablesRule: ValidationRule {
    public static let name = "NoUnusedVariablesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func finish() {
        for operation in context.operations {
            let used = Set(context.recursiveVariableUsages(operation).map(\.variable.name.value))
            for definition in operation.variableDefinitions where !used.contains(definition.variable.name.value) {
                let name = definition.variable.name.value
                let message =
                    operation.name.map { "Variable \"$\(name)\" is never used in operation \"\($0.value)\"." }
                    ?? "Variable \"$\(name)\" is never used."
                context.report(message, at: definition)
            }
        }
    }
}
