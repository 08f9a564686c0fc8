import GraphQLParser

/// Under a `@match` field, only `__typename` and fragment spreads with `@module` (Relay's match
/// transform): each branch is one module, and a selection of its own would be read whatever the
/// branch. Checked on the document as written, before constant `@skip`/`@include` drop anything.
public final class MatchSelectionsRule: FieldVisitor {
    public static let name = "MatchSelectionsRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterField(_ field: Field) {
        guard let match = field.directives.first(where: { $0.name.value == MatchTransform.matchName }),
            let selectionSet = field.selectionSet
        else { return }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let child) where child.name.value == "__typename" && child.directives.isEmpty:
                continue
            case .fragmentSpread(let spread)
            where spread.directives.contains(where: { $0.name.value == MatchTransform.moduleName }):
                if let alias = spread.directives.first(where: { $0.name.value == "alias" }) {
                    context.report(
                        "Invalid @match selection: @alias may not be applied to fragment spreads within @match.",
                        at: alias)
                }
            case .field(let child):
                report(child, match)
            case .fragmentSpread(let spread):
                report(spread, match)
            case .inlineFragment(let inline):
                report(inline, match)
            }
        }
    }

    private func report(_ selection: any SyntaxNode, _ match: Directive) {
        context.report(
            "Invalid @match selection: all selections should be fragment spreads with @module.", at: selection, match)
    }
}
