/// A schema has at most one `schema` definition.
public enum LoneSchemaDefinitionRule: SDLValidationRule {
    public static let name = "LoneSchemaDefinitionRule"

    public static func validate(_ context: SDLValidationContext) {
        var count = 0
        for case .schema(let node) in context.definitions {
            if count > 0 { context.report("Must provide only one schema definition.", at: node) }
            count += 1
        }
    }
}
