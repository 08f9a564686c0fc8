/// Fragments apply only to objects, interfaces and unions.
public final class FragmentsOnCompositeTypesRule: FragmentDefinitionVisitor, InlineFragmentVisitor {
    public static let name = "FragmentsOnCompositeTypesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterInlineFragment(_ fragment: InlineFragment) {
        guard let condition = fragment.typeCondition, isNonComposite(condition) else { return }
        context.report("Fragment cannot condition on non composite type \"\(condition.name.value)\".", at: condition)
    }

    public func enterFragmentDefinition(_ fragment: FragmentDefinition) {
        let condition = fragment.typeCondition
        guard isNonComposite(condition) else { return }
        context.report(
            "Fragment \"\(fragment.name.value)\" cannot condition on non composite type \"\(condition.name.value)\".",
            at: condition)
    }

    private func isNonComposite(_ type: NamedType) -> Bool {
        context.schema[type.name.value].map { !$0.kind.isComposite } ?? false
    }
}
