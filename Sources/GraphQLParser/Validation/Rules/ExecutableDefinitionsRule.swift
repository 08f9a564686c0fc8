/// Only operations and fragments may appear in a document that is executed.
public final class ExecutableDefinitionsRule: TypeSystemDefinitionVisitor {
    public static let name = "ExecutableDefinitionsRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterTypeSystemDefinition(_ definition: Definition) {
        let name: String
        switch definition {
        case .schema, .schemaExtension: name = "schema"
        default: name = "\"\(Self.definedName(definition) ?? "")\""
        }
        context.report("The \(name) definition is not executable.", at: definition.node)
    }

    static func definedName(_ definition: Definition) -> String? {
        switch definition {
        case .scalar(let node): node.name.value
        case .object(let node), .interface(let node): node.name.value
        case .union(let node): node.name.value
        case .enumType(let node): node.name.value
        case .inputObject(let node): node.name.value
        case .directive(let node): node.name.value
        case .scalarExtension(let node): node.name.value
        case .objectExtension(let node), .interfaceExtension(let node): node.name.value
        case .unionExtension(let node): node.name.value
        case .enumExtension(let node): node.name.value
        case .inputObjectExtension(let node): node.name.value
        case .operation(let node): node.name?.value
        case .fragment(let node): node.name.value
        case .schema, .schemaExtension: nil
        }
    }
}
