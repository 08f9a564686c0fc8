/// Each root operation type is given once across the schema definition and its extensions.
public enum UniqueOperationTypesRule: SDLValidationRule {
    public static let name = "UniqueOperationTypesRule"

    public static func validate(_ context: SDLValidationContext) {
        var defined: [OperationType: OperationTypeDefinition] = [:]
        for definition in context.definitions {
            let operationTypes: NodeList<OperationTypeDefinition>
            switch definition {
            case .schema(let node): operationTypes = node.operationTypes
            case .schemaExtension(let node): operationTypes = node.operationTypes
            default: continue
            }
            for operationType in operationTypes {
                let operation = operationType.operation
                if let first = defined[operation] {
                    context.report(
                        "There can be only one \(operation.rawValue) type in schema.", at: first, operationType)
                } else {
                    defined[operation] = operationType
                }
            }
        }
    }
}
