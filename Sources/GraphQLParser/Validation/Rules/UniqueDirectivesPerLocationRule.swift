/// A non-repeatable directive appears at most once on a node.
public final class UniqueDirectivesPerLocationRule: DirectiveListVisitor {
    public static let name = "UniqueDirectivesPerLocationRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterDirectives(_ directives: NodeList<Directive>, at location: DirectiveLocation) {
        var seen: [String: Directive] = [:]
        for directive in directives {
            let name = directive.name.value
            guard let definition = context.schema.directives[name], !definition.isRepeatable else { continue }
            if let first = seen[name] {
                context.report(
                    "The directive \"@\(name)\" can only be used once at this location.", at: first, directive)
            } else {
                seen[name] = directive
            }
        }
    }
}
