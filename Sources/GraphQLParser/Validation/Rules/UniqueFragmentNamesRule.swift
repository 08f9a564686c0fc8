/// Every fragment has a name of its own.
public final class UniqueFragmentNamesRule: FragmentDefinitionVisitor {
    public static let name = "UniqueFragmentNamesRule"
    private unowned let context: ValidationContext
    private var known: [String: Name] = [:]

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterFragmentDefinition(_ fragment: FragmentDefinition) {
        let name = fragment.name
        if let first = known[name.value] {
            context.report("There can be only one fragment named \"\(name.value)\".", at: first, name)
        } else {
            known[name.value] = name
        }
    }
}
