/// Each directive is defined once.
public enum UniqueDirectiveNamesRule: SDLValidationRule {
    public static let name = "UniqueDirectiveNamesRule"

    public static func validate(_ context: SDLValidationContext) {
        var known: [String: Name] = [:]
        for case .directive(let node) in context.definitions {
            let name = node.name
            if let first = known[name.value] {
                context.report("There can be only one directive named \"@\(name.value)\".", at: first, name)
            } else {
                known[name.value] = name
            }
        }
    }
}
