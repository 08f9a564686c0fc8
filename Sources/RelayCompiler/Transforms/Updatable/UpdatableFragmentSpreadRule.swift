import GraphQLParser

/// Relay's `validate_updatable_fragment_spread`: where a query or fragment spreads an
/// `@updatable` fragment (to hand `readUpdatableFragment` its key), the record there must always
/// have the fragment's type, so the updater's setters always fit it. The spread has no
/// directives and no `@include`/`@skip` above it; its type is a supertype of the enclosing
/// field's (or of the definition's, at the top, or of an `@alias`ed inline fragment's); a plain
/// inline fragment in between must be the only one and make its field a discriminated union.
enum UpdatableFragmentSpreadRule {
    private enum Step {
        case inlineFragment
        case aliasedInlineFragment(typeCondition: String)
        case linkedField(IRLinkedField)
        case condition
    }

    static func diagnostics(
        selections: [IRSelection], containingType: String, fragments: [String: IRFragment], schema: Schema
    ) -> [Diagnostic] {
        guard fragments.values.contains(where: \.isUpdatable) else { return [] }
        var walk = Walk(containingType: containingType, fragments: fragments, schema: schema)
        walk.selections(selections)
        return walk.diagnostics
    }

    private struct Walk {
        let containingType: String
        let fragments: [String: IRFragment]
        let schema: Schema
        var path: [Step] = []
        /// Fields an updatable spread inside one of their inline fragments made discriminated unions.
        var discriminated: [Bool] = []
        var diagnostics: [Diagnostic] = []

        init(containingType: String, fragments: [String: IRFragment], schema: Schema) {
            self.containingType = containingType
            self.fragments = fragments
            self.schema = schema
        }

        mutating func selections(_ selections: [IRSelection]) {
            for selection in selections {
                switch selection {
                case .scalarField: continue
                case .linkedField(let field):
                    path.append(.linkedField(field))
                    discriminated.append(false)
                    self.selections(field.selections)
                    path.removeLast()
                    if discriminated.removeLast() {
                        diagnostics += DiscriminatedUnionCheck.diagnostics(
                            field, schema: schema,
                            reason: "an updatable fragment was spread in an inline fragment in this linked field")
                    }
                case .inlineFragment(let fragment):
                    let conditions = fragment.directives.filter(\.isCondition).count
                    path += Array(repeating: .condition, count: conditions)
                    if fragment.directives.contains(where: { $0.name == "alias" }) && fragment.hasTypeCondition {
                        path.append(.aliasedInlineFragment(typeCondition: fragment.typeCondition))
                    } else {
                        path.append(.inlineFragment)
                    }
                    self.selections(fragment.selections)
                    path.removeLast(conditions + 1)
                case .condition(let condition):
                    path.append(.condition)
                    self.selections(condition.selections)
                    path.removeLast()
                case .fragmentSpread(let spread):
                    guard let fragment = fragments[spread.name], fragment.isUpdatable else { continue }
                    check(spread, fragment)
                }
            }
        }

        private mutating func check(_ spread: IRFragmentSpread, _ fragment: IRFragment) {
            let spreadConditions = spread.directives.filter(\.isCondition)
            if let directive = spread.directives.first(where: {
                !$0.isCondition && $0.name != "dangerously_unaliased_fixme"
            }) {
                diagnostics.append(
                    .error("Directives are not allowed on spreads of updatable fragments.", at: directive.location))
            }
            if !spreadConditions.isEmpty {
                diagnostics.append(
                    .error("Updatable fragments cannot be contained in @skip or @if.", at: spread.location))
            }
            let type = fragment.typeCondition
            var inInlineFragment = false
            var inField = false
            for (depth, step) in path.enumerated().reversed() {
                switch step {
                case .inlineFragment:
                    if inInlineFragment {
                        diagnostics.append(
                            .error(
                                "Updatable fragments can only be nested within at most a single inline fragment. Try "
                                    + "adding `@alias` to the inline fragments.", at: spread.location))
                    }
                    inInlineFragment = true
                    continue
                case .aliasedInlineFragment(let condition):
                    if !schema.isNamedSubtype(condition, of: type) {
                        diagnostics.append(
                            .error(
                                "This updatable fragment has type `\(type)`, and is found within an `@alias`'d inline "
                                    + "fragment with type condition `\(condition)`. However, if a record has the type "
                                    + "`\(condition)`, it does not necessarily have the type `\(type)`.",
                                at: spread.location))
                    }
                    inField = true
                case .linkedField(let field):
                    inField = true
                    if inInlineFragment {
                        let fieldIndex = path[..<depth].count { if case .linkedField = $0 { true } else { false } }
                        discriminated[fieldIndex] = true
                    } else if !schema.isNamedSubtype(field.type.namedType, of: type) {
                        diagnostics.append(
                            .error(
                                "This updatable fragment has type `\(type)`, and is found within a linked field with "
                                    + "type `\(field.type)`. However, if a record has the type "
                                    + "`\(field.type.namedType)`, it does not necessarily have the type `\(type)`.",
                                at: spread.location))
                    }
                case .condition:
                    diagnostics.append(
                        .error("Updatable fragments cannot be contained in @skip or @if.", at: spread.location))
                    continue
                }
                break
            }
            guard !inField else { return }
            if inInlineFragment {
                diagnostics.append(
                    .error(
                        "Updatable fragments cannot be spread inside an inline fragment at the top level without an "
                            + "enclosing linked field. Try adding `@alias` to the inline fragment.",
                        at: spread.location))
            } else if !schema.isNamedSubtype(containingType, of: type) {
                diagnostics.append(
                    .error(
                        "This updatable fragment has type `\(type)`, and is spread at the top level of a definition "
                            + "with type `\(containingType)`. However, if a record has the type `\(containingType)`, "
                            + "it does not necessarily have the type `\(type)`. You can use an inline fragment with "
                            + "`@alias` to narrow the type, e.g. `... on \(type) @alias`.", at: spread.location))
            }
        }
    }
}
