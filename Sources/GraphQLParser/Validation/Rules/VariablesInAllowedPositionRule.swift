/// A variable is only used where its type fits: non-null positions need a non-null variable
/// (or a default), and the types must be compatible.
public final class VariablesInAllowedPositionRule: ValidationRule {
    public static let name = "VariablesInAllowedPositionRule"
    public static let visits: ValidationHooks = .operation
    private unowned let context: ValidationContext
    private var operations: [OperationDefinition] = []

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterOperation(_ operation: OperationDefinition) {
        operations.append(operation)
    }

    public func finish() {
        let schema = context.schema
        for operation in operations {
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
        _ = schema
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
            return isSubType(variableType, of: nullableLocation)
        }
        return isSubType(variableType, of: locationType)
    }

    private func isSubType(_ maybeSubType: TypeRef, of superType: TypeRef) -> Bool {
        if maybeSubType == superType { return true }
        switch (maybeSubType, superType) {
        case (.nonNull(let sub), .nonNull(let sup)): return isSubType(sub, of: sup)
        case (_, .nonNull): return false
        case (.nonNull(let sub), _): return isSubType(sub, of: superType)
        case (.list(let sub), .list(let sup)): return isSubType(sub, of: sup)
        case (_, .list), (.list, _): return false
        case (.named(let sub), .named(let sup)):
            let schema = context.schema
            guard let subType = schema[sub], let superType = schema[sup], superType.kind.isAbstract,
                subType.kind == .object || subType.kind == .interface
            else { return false }
            return schema.isSubType(superType, subType)
        }
    }
}
