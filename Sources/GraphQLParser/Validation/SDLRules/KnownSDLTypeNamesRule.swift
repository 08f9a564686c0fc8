/// Every type named in the SDL is defined in it or built in.
public enum KnownSDLTypeNamesRule: SDLValidationRule {
    public static let name = "KnownTypeNamesRule"

    public static func validate(_ context: SDLValidationContext) {
        let defined = Set(context.typeDefinitions.map(\.name.value))
        let standard = Array(context.builtIns.types.keys)
        let candidates = standard + context.typeDefinitions.map(\.name.value)
        for type in namedTypes(in: context.definitions) {
            let name = type.name.value
            guard !defined.contains(name), context.builtIns[name] == nil else { continue }
            let suggestions = Suggestions.suggestionList(name, candidates)
            context.report("Unknown type \"\(name)\"." + Suggestions.didYouMean(suggestions), at: type)
        }
    }

    /// Every type reference of the SDL, in document order.
    static func namedTypes(in definitions: [Definition]) -> [NamedType] {
        var types: [NamedType] = []
        func inputs(_ values: NodeList<InputValueDefinition>) {
            for value in values { types.append(value.type.namedType) }
        }
        func fields(_ fields: NodeList<FieldDefinition>) {
            for field in fields {
                inputs(field.arguments)
                types.append(field.type.namedType)
            }
        }
        for definition in definitions {
            switch definition {
            case .schema(let node): types += node.operationTypes.map(\.type)
            case .schemaExtension(let node): types += node.operationTypes.map(\.type)
            case .object(let node), .interface(let node):
                types += node.interfaces
                fields(node.fields)
            case .objectExtension(let node), .interfaceExtension(let node):
                types += node.interfaces
                fields(node.fields)
            case .union(let node): types += node.types
            case .unionExtension(let node): types += node.types
            case .inputObject(let node): inputs(node.fields)
            case .inputObjectExtension(let node): inputs(node.fields)
            case .directive(let node): inputs(node.arguments)
            default: break
            }
        }
        return types
    }
}
