/// A fragment is spread only where its type can overlap the parent type.
public final class PossibleFragmentSpreadsRule: FragmentSpreadVisitor, InlineFragmentVisitor {
    public static let name = "PossibleFragmentSpreadsRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterInlineFragment(_ fragment: InlineFragment) {
        guard let fragmentType = context.namedType(context.type), fragmentType.kind.isComposite,
            let parent = context.parentType, !overlap(fragmentType, parent)
        else { return }
        context.report(
            "Fragment cannot be spread here as objects of type \"\(parent.name)\" can never be of type \"\(fragmentType.name)\".",
            at: fragment)
    }

    public func enterFragmentSpread(_ spread: FragmentSpread) {
        let name = spread.name.value
        guard let fragment = context.fragments[name],
            let fragmentType = context.schema[fragment.typeCondition.name.value],
            fragmentType.kind.isComposite, let parent = context.parentType, !overlap(fragmentType, parent)
        else { return }
        context.report(
            "Fragment \"\(name)\" cannot be spread here as objects of type \"\(parent.name)\" can never be of type \"\(fragmentType.name)\".",
            at: spread)
    }

    private func overlap(_ lhs: SchemaType, _ rhs: SchemaType) -> Bool {
        let schema = context.schema
        if lhs.name == rhs.name { return true }
        if lhs.kind.isAbstract {
            if rhs.kind.isAbstract {
                return schema.possibleTypes(of: lhs).contains { schema.isSubType(rhs, $0) }
            }
            return schema.isSubType(lhs, rhs)
        }
        if rhs.kind.isAbstract { return schema.isSubType(rhs, lhs) }
        return false
    }
}
