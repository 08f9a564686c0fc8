/// Each argument of a field or directive definition is defined once.
public enum UniqueArgumentDefinitionNamesRule: SDLValidationRule {
    public static let name = "UniqueArgumentDefinitionNamesRule"

    public static func validate(_ context: SDLValidationContext) {
        func check(_ parent: String, _ arguments: NodeList<InputValueDefinition>) {
            let names = arguments.map(\.name)
            guard containsDuplicateNames(names) else { return }
            for (name, names) in groupedByName(names) where names.count > 1 {
                context.report("Argument \"\(parent)(\(name):)\" can only be defined once.", at: names)
            }
        }
        func checkFields(_ typeName: String, _ fields: NodeList<FieldDefinition>) {
            for field in fields { check("\(typeName).\(field.name.value)", field.arguments) }
        }
        for definition in context.definitions {
            switch definition {
            case .directive(let node): check("@\(node.name.value)", node.arguments)
            case .object(let node), .interface(let node): checkFields(node.name.value, node.fields)
            case .objectExtension(let node), .interfaceExtension(let node): checkFields(node.name.value, node.fields)
            default: break
            }
        }
    }
}
