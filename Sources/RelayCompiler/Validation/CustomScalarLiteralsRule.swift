import GraphQLParser

/// relay.json's `featureFlags.enable_strict_custom_scalars` (Relay's flag): no literal where a
/// custom scalar is expected — in an argument, an input object's field, a list's item or a
/// variable's default. The value should come from a variable, which the app's own Swift type
/// encodes; a literal in the document would bypass that encoding. Relay's messages.
public final class CustomScalarLiteralsRule: ValueVisitor {
    public static let name = "CustomScalarLiteralsRule"
    private unowned let context: ValidationContext
    private static let builtInScalars: Set<String> = ["ID", "String", "Int", "Float", "Boolean"]

    public init(context: ValidationContext) {
        self.context = context
    }

    /// For each value entered and not yet left: whether a list or object literal around it was
    /// reported already (its items then are not).
    private var withinReported: [Bool] = []

    public func enterValue(_ value: Value) {
        let within = withinReported.last ?? false
        var reportedComposite = false
        if !within, let problem = problem(with: value) {
            context.report(problem.message, at: value.node)
            reportedComposite = problem.isComposite
        }
        withinReported.append(within || reportedComposite)
    }

    public func leaveValue(_ value: Value) {
        withinReported.removeLast()
    }

    private struct Problem {
        var message: String
        var isComposite: Bool
    }

    /// What is wrong with `value` where it stands, if anything.
    private func problem(with value: Value) -> Problem? {
        guard let expected = context.inputType, let type = context.namedType(expected), type.kind == .scalar,
            !Self.builtInScalars.contains(type.name)
        else { return nil }
        switch value {
        case .variable, .null:
            return nil
        case .list:
            if case .list = expected.nullable { return nil }
            return Problem(
                message: "Unexpected list literal provided in a position expecting custom scalar type `\(type.name)`.",
                isComposite: true)
        case .object:
            return Problem(
                message:
                    "Unexpected object literal provided in a position expecting custom scalar type `\(type.name)`.",
                isComposite: true)
        default:
            return Problem(
                message:
                    "Unexpected scalar literal `\(IRPrinter.print(IRBuilder.value(value)))` provided in a position "
                    + "expecting custom scalar type `\(type.name)`. This value should come from a variable.",
                isComposite: false)
        }
    }
}
