/// Required arguments of directives used in the SDL are given.
public enum ProvidedRequiredSDLArgumentsRule: SDLValidationRule {
    public static let name = "ProvidedRequiredArgumentsRule"

    public static func validate(_ context: SDLValidationContext) {
        let known = context.directiveDefinitions
        for use in context.directiveUses {
            for directive in use.directives {
                guard let definition = known[directive.name.value] else { continue }
                let given = Set(directive.arguments.map(\.name.value))
                for argument in definition.arguments where argument.isRequired && !given.contains(argument.name) {
                    context.report(
                        "Directive \"@\(definition.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                        at: directive)
                }
            }
        }
    }
}
