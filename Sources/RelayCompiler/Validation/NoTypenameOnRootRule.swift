import GraphQLParser

/// No `__typename` directly on the query, mutation or subscription type, as in Relay: the root
/// record's type is known, and Relay's store keeps no `__typename` for it. As Relay checks it,
/// only an operation's or a fragment's own selections count, not those of inline fragments
/// (an aliased one may select `__typename` to tell whether it matched).
public final class NoTypenameOnRootRule: OperationVisitor, FragmentDefinitionVisitor {
    public static let name = "NoTypenameOnRootRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterOperation(_ operation: OperationDefinition) {
        check(operation.selectionSet, on: context.schema.rootType(for: operation.operation)?.name)
    }

    public func enterFragmentDefinition(_ fragment: FragmentDefinition) {
        check(fragment.selectionSet, on: fragment.typeCondition.name.value)
    }

    private func check(_ selectionSet: SelectionSet, on type: String?) {
        let schema = context.schema
        guard let type, type == schema.queryType || type == schema.mutationType || type == schema.subscriptionType
        else { return }
        for case .field(let field) in selectionSet.selections where field.name.value == "__typename" {
            context.report("Relay does not allow `__typename` field on Query, Mutation or Subscription.", at: field)
        }
    }
}
