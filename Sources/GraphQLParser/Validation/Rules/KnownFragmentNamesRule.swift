/// Every spread fragment is defined somewhere in the project.
public final class KnownFragmentNamesRule: ValidationRule {
    public static let name = "KnownFragmentNamesRule"
    public static let visits: ValidationHooks = .fragmentSpread
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterFragmentSpread(_ spread: FragmentSpread) {
        if context.fragments[spread.name.value] == nil {
            context.report("Unknown fragment \"\(spread.name.value)\".", at: spread.name)
        }
    }
}
