/// An extension extends a type that exists, of the same kind.
public enum PossibleTypeExtensionsRule: SDLValidationRule {
    public static let name = "PossibleTypeExtensionsRule"

    public static func validate(_ context: SDLValidationContext) {
        var defined: [String: Definition] = [:]
        for (name, definition) in context.typeDefinitions { defined[name.value] = definition }
        for definition in context.definitions {
            let name: Name
            let kind: TypeKind
            switch definition {
            case .scalarExtension(let node): (name, kind) = (node.name, .scalar)
            case .objectExtension(let node): (name, kind) = (node.name, .object)
            case .interfaceExtension(let node): (name, kind) = (node.name, .interface)
            case .unionExtension(let node): (name, kind) = (node.name, .union)
            case .enumExtension(let node): (name, kind) = (node.name, .enumType)
            case .inputObjectExtension(let node): (name, kind) = (node.name, .inputObject)
            default: continue
            }
            let typeName = name.value
            if let definitionNode = defined[typeName] {
                if Self.kind(of: definitionNode) != kind {
                    context.report(
                        "Cannot extend non-\(Self.description(of: kind)) type \"\(typeName)\".",
                        at: definitionNode.node, definition.node)
                }
            } else if let builtIn = context.builtIns[typeName] {
                if builtIn.kind != kind {
                    context.report(
                        "Cannot extend non-\(Self.description(of: kind)) type \"\(typeName)\".", at: definition.node)
                }
            } else {
                let candidates = Array(defined.keys) + Array(context.builtIns.types.keys)
                let suggestions = Suggestions.suggestionList(typeName, candidates)
                context.report(
                    "Cannot extend type \"\(typeName)\" because it is not defined."
                        + Suggestions.didYouMean(suggestions),
                    at: name)
            }
        }
    }

    private static func kind(of definition: Definition) -> TypeKind? {
        switch definition {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enumType: .enumType
        case .inputObject: .inputObject
        default: nil
        }
    }

    private static func description(of kind: TypeKind) -> String {
        switch kind {
        case .scalar: "scalar"
        case .object: "object"
        case .interface: "interface"
        case .union: "union"
        case .enumType: "enum"
        case .inputObject: "input object"
        }
    }
}
