import GraphQLParser

/// Relay's checks of `@assignable` fragment spreads in queries and fragments that are not
/// updatable (`transform_assignable_fragment_spreads_in_regular_queries`): such a spread hands a
/// record to an updater to assign, so it sits inside a linked field (never at the top), has no
/// directives, is inside at most one inline fragment, and that inline fragment makes its field
/// a discriminated union.
enum AssignableFragmentSpreadRule {
    private enum Step {
        case condition(String)
        case linkedField
        case inlineFragment
    }

    static func diagnostics(selections: [IRSelection], fragments: [String: IRFragment], schema: Schema)
        -> [Diagnostic]
    {
        guard fragments.values.contains(where: \.isAssignable) else { return [] }
        var walk = Walk(fragments: fragments, schema: schema)
        walk.selections(selections)
        return walk.diagnostics
    }

    private struct Walk {
        let fragments: [String: IRFragment]
        let schema: Schema
        var path: [Step] = []
        var discriminated: [Bool] = []
        var diagnostics: [Diagnostic] = []

        init(fragments: [String: IRFragment], schema: Schema) {
            self.fragments = fragments
            self.schema = schema
        }

        mutating func selections(_ selections: [IRSelection]) {
            for selection in selections {
                switch selection {
                case .scalarField: continue
                case .linkedField(let field):
                    path.append(.linkedField)
                    discriminated.append(false)
                    self.selections(field.selections)
                    path.removeLast()
                    if discriminated.removeLast() {
                        diagnostics += DiscriminatedUnionCheck.diagnostics(
                            field, schema: schema, reason: "an assignable fragment was spread in this linked field")
                    }
                case .inlineFragment(let fragment):
                    let conditions = fragment.directives.filter(\.isCondition).map { Step.condition($0.name) }
                    path += conditions + [.inlineFragment]
                    self.selections(fragment.selections)
                    path.removeLast(conditions.count + 1)
                case .condition(let condition):
                    path.append(.condition(condition.passingValue ? "include" : "skip"))
                    self.selections(condition.selections)
                    path.removeLast()
                case .fragmentSpread(let spread):
                    guard let fragment = fragments[spread.name], fragment.isAssignable else { continue }
                    check(spread)
                }
            }
        }

        private mutating func check(_ spread: IRFragmentSpread) {
            // `@dangerously_unaliased_fixme` only silences the alias check, which has run.
            if let directive = spread.directives.first(where: { $0.name != "dangerously_unaliased_fixme" }) {
                diagnostics.append(
                    .error(
                        "The @\(directive.name) directive is not allowed on assignable fragment spreads.",
                        at: directive.location))
            }
            var inInlineFragment = false
            var inField = false
            for (depth, step) in path.enumerated().reversed() {
                switch step {
                case .condition(let name):
                    if depth == path.count - 1 && !spread.directives.contains(where: \.isCondition) {
                        diagnostics.append(
                            .error(
                                "The @\(name) directive is not allowed on assignable fragment spreads.",
                                at: spread.location))
                    }
                    continue
                case .inlineFragment:
                    if inInlineFragment {
                        diagnostics.append(
                            .error(
                                "Assignable fragments can only be nested within at most a single inline fragment.",
                                at: spread.location))
                    }
                    inInlineFragment = true
                    continue
                case .linkedField:
                    inField = true
                    if inInlineFragment {
                        discriminated[path[..<depth].count { if case .linkedField = $0 { true } else { false } }] = true
                    }
                }
                break
            }
            if !inField {
                diagnostics.append(
                    .error("Top-level spreads of assignable fragments are not supported.", at: spread.location))
            }
        }
    }
}
