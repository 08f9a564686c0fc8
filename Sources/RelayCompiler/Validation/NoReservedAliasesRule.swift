import GraphQLParser

/// Aliases may not begin with `__`: such response keys belong to GraphQL (`__typename`) and to
/// the fields Relay adds to normalize records.
public final class NoReservedAliasesRule: ValidationRule {
    public static let name = "NoReservedAliasesRule"
    public static let visits: ValidationHooks = .field
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterField(_ field: Field) {
        guard let alias = field.alias, alias.value.hasPrefix("__") else { return }
        context.report(
            "Alias \"\(alias.value)\" begins with \"__\", which is reserved for GraphQL and Relay's own fields.",
            at: alias)
    }
}
