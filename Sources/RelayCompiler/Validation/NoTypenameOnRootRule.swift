import GraphQLParser

/// No `__typename` directly on the query, mutation or subscription type, as in Relay: the root
/// record's type is known, and Relay's store keeps no `__typename` for it.
public final class NoTypenameOnRootRule: ValidationRule {
    public static let name = "NoTypenameOnRootRule"
    public static let visits: ValidationHooks = .field
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterField(_ field: Field) {
        guard field.name.value == "__typename", let parent = context.parentType?.name else { return }
        let schema = context.schema
        guard parent == schema.queryType || parent == schema.mutationType || parent == schema.subscriptionType else {
            return
        }
        context.report("Relay does not allow `__typename` field on Query, Mutation or Subscription.", at: field)
    }
}
