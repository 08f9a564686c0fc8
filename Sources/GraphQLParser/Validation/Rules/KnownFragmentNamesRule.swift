/// Every spread fragment is defined somewhere in the project.
public final class KnownFragmentNamesRule: FragmentSpreadVisitor {
    public static let name = "KnownFragmentNamesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterFragmentSpread(_ spread: FragmentSpread) {
        let name = spread.name.value
        guard context.fragments[name] == nil else { return }
        let suggestion = context.options.fragmentNamesToSuggest.map {
            Suggestions.didYouMean(Suggestions.suggestionList(name, $0))
        }
        context.report("Unknown fragment \"\(name)\".\(suggestion ?? "")", at: spread.name)
    }
}
