/// Each enum value is defined once per enum, counting its extensions.
public enum UniqueEnumValueNamesRule: SDLValidationRule {
    public static let name = "UniqueEnumValueNamesRule"

    public static func validate(_ context: SDLValidationContext) {
        var known: [String: [String: Name]] = [:]
        for definition in context.definitions {
            let typeName: String
            let values: NodeList<EnumValueDefinition>
            switch definition {
            case .enumType(let node): (typeName, values) = (node.name.value, node.values)
            case .enumExtension(let node): (typeName, values) = (node.name.value, node.values)
            default: continue
            }
            for value in values {
                let name = value.name
                if let first = known[typeName]?[name.value] {
                    context.report(
                        "Enum value \"\(typeName).\(name.value)\" can only be defined once.", at: first, name)
                } else {
                    known[typeName, default: [:]][name.value] = name
                }
            }
        }
    }
}
