/// Every directive used in the SDL is defined and allowed where it is used.
public enum KnownSDLDirectivesRule: SDLValidationRule {
    public static let name = "KnownDirectivesRule"

    public static func validate(_ context: SDLValidationContext) {
        let known = context.directiveDefinitions
        for use in context.directiveUses {
            for directive in use.directives {
                let name = directive.name.value
                guard let definition = known[name] else {
                    context.report("Unknown directive \"@\(name)\".", at: directive)
                    continue
                }
                if !definition.locations.contains(use.location) {
                    context.report("Directive \"@\(name)\" may not be used on \(use.location.rawValue).", at: directive)
                }
            }
        }
    }
}
