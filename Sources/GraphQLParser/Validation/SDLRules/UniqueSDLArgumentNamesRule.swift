/// A directive in the SDL gets each argument once.
public enum UniqueSDLArgumentNamesRule: SDLValidationRule {
    public static let name = "UniqueArgumentNamesRule"

    public static func validate(_ context: SDLValidationContext) {
        for use in context.directiveUses {
            for directive in use.directives {
                let arguments = directive.arguments.map(\.name)
                guard containsDuplicateNames(arguments) else { continue }
                for (name, names) in groupedByName(arguments) where names.count > 1 {
                    context.report("There can be only one argument named \"\(name)\".", at: names)
                }
            }
        }
    }
}
