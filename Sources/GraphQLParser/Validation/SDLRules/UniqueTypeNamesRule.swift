/// Each type is defined once.
public enum UniqueTypeNamesRule: SDLValidationRule {
    public static let name = "UniqueTypeNamesRule"

    public static func validate(_ context: SDLValidationContext) {
        var known: [String: Name] = [:]
        for (name, _) in context.typeDefinitions {
            if let first = known[name.value] {
                context.report("There can be only one type named \"\(name.value)\".", at: first, name)
            } else {
                known[name.value] = name
            }
        }
    }
}
