import GraphQLParser

/// A fragment's arguments as the language service sees them: the names its
/// `@argumentDefinitions` declares, and the names spreads pass with `@arguments`.
enum FragmentArguments {
    /// The arguments `@argumentDefinitions` declares on a fragment.
    static func definitions(of fragment: FragmentDefinition) -> [Argument] {
        fragment.directives.filter { $0.name.value == "argumentDefinitions" }.flatMap { Array($0.arguments) }
    }

    /// The arguments a spread passes with `@arguments`.
    static func passed(by spread: FragmentSpread) -> [Argument] {
        spread.directives.filter { $0.name.value == "arguments" }.flatMap { Array($0.arguments) }
    }

    /// The spread and argument whose name is at `offset` of a selection set, at any depth.
    static func passedArgument(at offset: Int, in selectionSet: SelectionSet) -> (
        fragment: String, argument: String
    )? {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if let selections = field.selectionSet, let found = passedArgument(at: offset, in: selections) {
                    return found
                }
            case .fragmentSpread(let spread):
                for argument in passed(by: spread)
                where Int(argument.name.range.start) <= offset && offset <= Int(argument.name.range.end) {
                    return (spread.name.value, argument.name.value)
                }
            case .inlineFragment(let inline):
                if let found = passedArgument(at: offset, in: inline.selectionSet) { return found }
            }
        }
        return nil
    }
}
