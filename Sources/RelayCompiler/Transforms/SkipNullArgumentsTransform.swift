/// Relay's skip-null-arguments transform on the text a server receives: an argument, input
/// object field or list item written as a literal `null` is left out. Relay does this for its
/// legacy compiler's sake, and a server sees the same text from either compiler. The store keeps
/// the arguments as written (null arguments are not part of a storage key either way).
public enum SkipNullArgumentsTransform: ProgramTransform {
    public static let name = "SkipNullArguments"

    public static func transform(_ program: IRProgram, _ context: TransformContext) -> TransformOutput {
        var program = program.rewritingSelectionsConcurrently { selection in
            // Most selections have no null to leave out: kept as they are, not rebuilt (each
            // rebuilt selection is a new allocation, and together they raised the peak memory).
            guard hasNull(selection) else { return [selection] }
            var selection = selection
            switch selection {
            case .scalarField(var field):
                field.arguments = withoutNulls(field.arguments)
                selection = .scalarField(field)
            case .linkedField(var field):
                field.arguments = withoutNulls(field.arguments)
                selection = .linkedField(field)
            case .inlineFragment, .fragmentSpread, .condition:
                break
            }
            selection.directives = selection.directives.map(withoutNulls)
            return [selection]
        }
        for index in program.operations.indices {
            program.operations[index].directives = program.operations[index].directives.map(withoutNulls)
        }
        return TransformOutput(program)
    }

    /// True when the selection's own arguments or directives' arguments have a null anywhere.
    private static func hasNull(_ selection: IRSelection) -> Bool {
        let arguments: [IRArgument] =
            switch selection {
            case .scalarField(let field): field.arguments
            case .linkedField(let field): field.arguments
            case .inlineFragment, .fragmentSpread, .condition: []
            }
        return arguments.contains { hasNull($0.value) }
            || selection.directives.contains { $0.arguments.contains { hasNull($0.value) } }
    }

    private static func hasNull(_ value: IRValue) -> Bool {
        switch value {
        case .null: true
        case .list(let items): items.contains(where: hasNull)
        case .object(let fields): fields.contains { hasNull($0.value) }
        default: false
        }
    }

    private static func withoutNulls(_ directive: IRDirective) -> IRDirective {
        var directive = directive
        directive.arguments = withoutNulls(directive.arguments)
        return directive
    }

    private static func withoutNulls(_ arguments: [IRArgument]) -> [IRArgument] {
        arguments.compactMap { argument in
            guard argument.value != .null else { return nil }
            var argument = argument
            argument.value = withoutNulls(argument.value)
            return argument
        }
    }

    private static func withoutNulls(_ value: IRValue) -> IRValue {
        switch value {
        case .list(let items): .list(items.filter { $0 != .null }.map(withoutNulls))
        case .object(let fields):
            .object(
                fields.filter { $0.value != .null }.map { IRObjectField(name: $0.name, value: withoutNulls($0.value)) })
        default: value
        }
    }
}
