/// Every type named in a document exists in the schema.
public final class KnownTypeNamesRule: NamedTypeVisitor {
    public static let name = "KnownTypeNamesRule"
    private unowned let context: ValidationContext

    public init(context: ValidationContext) {
        self.context = context
    }

    public func enterNamedType(_ type: NamedType) {
        let name = type.name.value
        guard context.schema[name] == nil else { return }
        let suggestions = Suggestions.suggestionList(name, Array(context.schema.types.keys))
        context.report("Unknown type \"\(name)\"." + Suggestions.didYouMean(suggestions), at: type)
    }
}
