/// Variables have input types: scalars, enums or input objects.
public final class VariablesAreInputTypesRule: VariableDefinitionVisitor {
    public static let name = "VariablesAreInputTypesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterVariableDefinition(_ definition: VariableDefinition) {
        guard let type = context.schema[definition.type.namedType.name.value], !type.kind.isInput else { return }
        context.report(
            "Variable \"$\(definition.variable.name.value)\" cannot be non-input type \"\(Printer.print(definition.type))\".",
            at: definition.type.node)
    }
}

extension TypeReference {
    /// The view of the reference's node, whatever its kind.
    public var node: any SyntaxNode {
        switch self {
        case .named(let node): node
        case .list(let node): node
        case .nonNull(let node): node
        }
    }
}
