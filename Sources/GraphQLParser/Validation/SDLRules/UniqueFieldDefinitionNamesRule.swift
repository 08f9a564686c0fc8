/// Each field of an object, interface or input object is defined once, counting extensions.
public enum UniqueFieldDefinitionNamesRule: SDLValidationRule {
    public static let name = "UniqueFieldDefinitionNamesRule"

    public static func validate(_ context: SDLValidationContext) {
        // The field lists of each type, definition and extensions together, in order.
        var fieldLists: [String: [[Name]]] = [:]
        var order: [String] = []
        func add(_ typeName: String, _ names: [Name]) {
            if fieldLists[typeName] == nil { order.append(typeName) }
            fieldLists[typeName, default: []].append(names)
        }
        for definition in context.definitions {
            switch definition {
            case .object(let node), .interface(let node): add(node.name.value, node.fields.map(\.name))
            case .objectExtension(let node), .interfaceExtension(let node):
                add(node.name.value, node.fields.map(\.name))
            case .inputObject(let node): add(node.name.value, node.fields.map(\.name))
            case .inputObjectExtension(let node): add(node.name.value, node.fields.map(\.name))
            default: break
            }
        }
        for typeName in order {
            let names = Array(fieldLists[typeName, default: []].joined())
            guard containsDuplicateNames(names) else { continue }
            var seen: [String: Name] = [:]
            for name in names {
                if let first = seen[name.value] {
                    context.report("Field \"\(typeName).\(name.value)\" can only be defined once.", at: first, name)
                } else {
                    seen[name.value] = name
                }
            }
        }
    }
}
