import GraphQLParser

/// Aliases may not begin with `__`: such response keys belong to GraphQL (`__typename`) and to
/// the fields Relay adds to normalize records. Nor may a field other than `id` be aliased `id`:
/// Relay identifies records by that key.
public final class NoReservedAliasesRule: FieldVisitor {
    public static let name = "NoReservedAliasesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterField(_ field: Field) {
        guard let alias = field.alias else { return }
        if alias.value.hasPrefix("__") {
            context.report(
                "Alias \"\(alias.value)\" begins with \"__\", which is reserved for GraphQL and Relay's own fields.",
                at: alias)
        } else if alias.value == "id", field.name.value != "id" {
            context.report("Relay does not allow aliasing fields to `id`.", at: alias)
        }
    }
}
