/// A non-repeatable directive appears once per location; a type and its extensions count as
/// one location, as do the schema definition and its extensions.
public enum UniqueSDLDirectivesPerLocationRule: SDLValidationRule {
    public static let name = "UniqueDirectivesPerLocationRule"

    public static func validate(_ context: SDLValidationContext) {
        let known = context.directiveDefinitions
        var seenByOwner: [String: [String: Directive]] = [:]
        for use in context.directiveUses {
            var seen = use.owner.flatMap { seenByOwner[$0] } ?? [:]
            for directive in use.directives {
                let name = directive.name.value
                guard let definition = known[name], !definition.isRepeatable else { continue }
                if let first = seen[name] {
                    context.report(
                        "The directive \"@\(name)\" can only be used once at this location.", at: first, directive)
                } else {
                    seen[name] = directive
                }
            }
            if let owner = use.owner { seenByOwner[owner] = seen }
        }
    }
}
