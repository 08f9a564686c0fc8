/// Every variable used by an operation, directly or in its fragments, is defined by it.
public final class NoUndefinedVariablesRule: ValidationRule {
    public static let name = "NoUndefinedVariablesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    /// After every document: fragments may be defined after the operation or in other files.
    public func finish() {
        for operation in context.operations {
            let defined = Set(operation.variableDefinitions.map(\.variable.name.value))
            for usage in context.recursiveVariableUsages(operation) {
                let name = usage.variable.name.value
                guard !defined.contains(name) else { continue }
                let message =
                    operation.name.map { "Variable \"$\(name)\" is not defined by operation \"\($0.value)\"." }
                    ?? "Variable \"$\(name)\" is not defined."
                context.report(message, at: usage.variable, operation)
            }
        }
    }
}
