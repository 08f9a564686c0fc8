/// Every directive exists and is used where its definition allows.
public final class KnownDirectivesRule: DirectiveVisitor {
    public static let name = "KnownDirectivesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterDirective(_ directive: Directive, at location: DirectiveLocation) {
        let name = directive.name.value
        guard let definition = context.schema.directives[name] else {
            context.report("Unknown directive \"@\(name)\".", at: directive)
            return
        }
        if !definition.locations.contains(location) {
            context.report("Directive \"@\(name)\" may not be used on \(location.rawValue).", at: directive)
        }
    }
}
