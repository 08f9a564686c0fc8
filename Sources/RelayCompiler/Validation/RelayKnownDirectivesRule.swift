import GraphQLParser

/// graphql-js's `KnownDirectivesRule`, except that a Relay directive relay-swift does not compile
/// yet is reported as exactly that, not as unknown: the user learns the document is fine for
/// Relay and which feature is missing here.
public final class RelayKnownDirectivesRule: DirectiveVisitor {
    public static let name = "RelayKnownDirectivesRule"
    private unowned let context: ValidationContext
    private let knownDirectives: KnownDirectivesRule

    public init(context: ValidationContext) {
        self.context = context
        knownDirectives = KnownDirectivesRule(context: context)
    }

    public func enterDirective(_ directive: Directive, at location: DirectiveLocation) {
        let name = directive.name.value
        guard context.schema.directives[name] == nil, RelayDirectives.unsupported.contains(name) else {
            knownDirectives.enterDirective(directive, at: location)
            return
        }
        context.report("Relay's directive \"@\(name)\" is not supported by relay-swift yet.", at: directive)
    }
}
