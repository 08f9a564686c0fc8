/// Leaf fields (scalars, enums) have no selections; all other fields must have them.
public final class ScalarLeafsRule: FieldVisitor {
    public static let name = "ScalarLeafsRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterField(_ field: Field) {
        guard let type = context.type, let named = context.namedOutputType else { return }
        let name = field.name.value
        if named.kind.isLeaf {
            if let selectionSet = field.selectionSet {
                context.report(
                    "Field \"\(name)\" must not have a selection since type \"\(type)\" has no subfields.",
                    at: selectionSet)
            }
        } else if field.selectionSet == nil {
            context.report(
                "Field \"\(name)\" of type \"\(type)\" must have a selection of subfields. Did you mean \"\(name) { ... }\"?",
                at: field)
        }
    }
}
