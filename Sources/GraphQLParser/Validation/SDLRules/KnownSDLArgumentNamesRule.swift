/// Every argument given to a directive in the SDL is defined by it.
public enum KnownSDLArgumentNamesRule: SDLValidationRule {
    public static let name = "KnownArgumentNamesRule"

    public static func validate(_ context: SDLValidationContext) {
        let known = context.directiveDefinitions
        for use in context.directiveUses {
            for directive in use.directives {
                guard let definition = known[directive.name.value] else { continue }
                let names = definition.arguments.map(\.name)
                for argument in directive.arguments where !names.contains(argument.name.value) {
                    let suggestions = Suggestions.suggestionList(argument.name.value, names)
                    context.report(
                        "Unknown argument \"\(argument.name.value)\" on directive \"@\(definition.name)\"."
                            + Suggestions.didYouMean(suggestions), at: argument)
                }
            }
        }
    }
}
