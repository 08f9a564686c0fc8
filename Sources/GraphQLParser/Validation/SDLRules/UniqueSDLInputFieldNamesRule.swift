/// An input object value in the SDL gives each field once.
public enum UniqueSDLInputFieldNamesRule: SDLValidationRule {
    public static let name = "UniqueInputFieldNamesRule"

    public static func validate(_ context: SDLValidationContext) {
        for case .object(let object) in context.values {
            var seen: [String: Name] = [:]
            for field in object.fields {
                if let first = seen[field.name.value] {
                    context.report(
                        "There can be only one input field named \"\(field.name.value)\".", at: first, field.name)
                } else {
                    seen[field.name.value] = field.name
                }
            }
        }
    }
}
