/// Each field of an object, interface or input object is defined once, counting extensions.
public enum UniqueFieldDefinitionNamesRule: SDLValidationRule {
    public static let name = "UniqueFieldDefinitionNamesRule"

    public static func validate(_ context: SDLValidationContext) {
        var known: [String: [String: Name]] = [:]
        func check(_ typeName: String, _ fieldNames: [Name]) {
            for name in fieldNames {
                if let first = known[typeName]?[name.value] {
                    context.report("Field \"\(typeName).\(name.value)\" can only be defined once.", at: first, name)
                } else {
                    known[typeName, default: [:]][name.value] = name
                }
            }
        }
        for definition in context.definitions {
            switch definition {
            case .object(let node), .interface(let node): check(node.name.value, node.fields.map(\.name))
            case .objectExtension(let node), .interfaceExtension(let node):
                check(node.name.value, node.fields.map(\.name))
            case .inputObject(let node): check(node.name.value, node.fields.map(\.name))
            case .inputObjectExtension(let node): check(node.name.value, node.fields.map(\.name))
            default: break
            }
        }
    }
}
