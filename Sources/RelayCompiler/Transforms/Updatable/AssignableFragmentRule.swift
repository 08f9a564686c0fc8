import GraphQLParser

/// Relay's `validate_assignable_directive`: an `@assignable` fragment selects exactly an
/// unaliased `__typename` and carries no other directive. It stands for "a record of this type",
/// which an updater assigns to a linked field; it reads nothing of its own.
enum AssignableFragmentRule {
    static let allowedDirectives: Set<String> = ["assignable", "fb_owner"]

    static func diagnostics(_ fragment: IRFragment) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let message =
            "Assignable fragments should contain only a single, unaliased __typename field with no directives."
        if fragment.selections.count == 1, case .scalarField(let field) = fragment.selections[0] {
            if !fragment.selections[0].isPlainTypename { diagnostics.append(.error(message, at: field.location)) }
        } else {
            diagnostics.append(.error(message, at: fragment.location))
        }
        for directive in fragment.directives where !allowedDirectives.contains(directive.name) {
            diagnostics.append(
                .error(
                    "The @\(directive.name) directive is not allowed on assignable fragments.", at: directive.location))
        }
        return diagnostics
    }
}
