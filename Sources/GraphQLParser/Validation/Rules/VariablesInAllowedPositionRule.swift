/// A variable is only used where its type fits: non-null positions need a non-null variable
/// (or a default), and the types must be compatible.
public final class VariablesInAllowedPositionRule: ValidationRule {
    public static let name = "VariablesInAllowedPositionRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func finish() {
        for operation in context.operations {
            var definitions: [String: VariableDefinition] = [:]
            for definition in operation.variableDefinitions {
                definitions[definition.variable.name.value] = definition
            }
            for usage in context.recursiveVariableUsages(operation) {
                let name = usage.variable.name.value
                guard let definition = definitions[name], let locationType = usage.type,
                    let variableType = context.typeRef(definition.type)
                else { continue }
                if !isAllowed(variableType, definition.defaultValue, in: locationType, usage.defaultValue) {
                    context.report(
                        "Variable \"$\(name)\" of type \"\(variableType)\" used in position expecting type \"\(locationType)\".",
                        at: definition, usage.variable)
                }
                if let parent = context.namedType(usage.parentType), parent.kind == .inputObject, parent.isOneOf,
                    !variableType.isNonNull
                {
                    context.report(
                        "Variable \"$\(name)\" is of type \"\(variableType)\" but must be non-nullable to be used for OneOf Input Object \"\(parent.name)\".",
                        at: definition, usage.variable)
                }
            }
        }
    }

    private func isAllowed(
        _ variableType: TypeRef, _ variableDefault: Value?, in locationType: TypeRef, _ locationDefault: Value?
    ) -> Bool {
        if case .nonNull(let nullableLocation) = locationType, !variableType.isNonNull {
            let hasNonNullVariableDefault: Bool
            if let variableDefault, case .null = variableDefault {
                hasNonNullVariableDefault = false
            } else {
                hasNonNullVariableDefault = variableDefault != nil
            }
            guard hasNonNullVariableDefault || locationDefault != nil else { return false }
            return context.schema.isSubType(variableType, of: nullableLocation)
        }
        return context.schema.isSubType(variableType, of: locationType)
    }
}
