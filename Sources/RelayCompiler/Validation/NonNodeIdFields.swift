import GraphQLParser

/// Relay's `schemaConfig.nonNodeIdFields` check: the store keys a record by its `id` field, so
/// every object's and interface's `id` must be an `ID` — or a type the project allows for that
/// parent (`allowedIdTypes`, e.g. `{"LegacyUser": "String"}`). An `id` of a type that cannot
/// identify a record at all (`Int`, `Float`, `Boolean`, an object) is reported as such. Relay's
/// messages, at the field's definition.
enum NonNodeIdFields {
    private static let nonStringScalars: Set<String> = ["Int", "Float", "Boolean"]

    static func diagnostics(_ schema: Schema, allowedIdTypes: [String: String]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for type in schema.typeList where type.kind == .object || type.kind == .interface {
            guard let field = type.field("id"), let idType = schema[field.type.namedType] else { continue }
            let location = field.definition?.name.location
            let isLegal =
                idType.name == "ID" || idType.name == "String" || idType.kind == .enumType
                || (idType.kind == .scalar && !nonStringScalars.contains(idType.name))
            if !isLegal {
                diagnostics.append(
                    .error(
                        "Invalid type `\(field.type)` of field `id` on parent type `\(type.name)`. Fields named `id` can "
                            + "only have `ID` or `String`-like types (e.g. custom scalars or enums).", at: location))
            } else if allowedIdTypes[type.name] != idType.name, field.type.nullable.isList || idType.name != "ID" {
                diagnostics.append(
                    .error(
                        "Disallowed type `\(field.type)` of field `id` on parent type `\(type.name)` cannot be used by "
                            + "Relay to identify entities. For a detailed explanation, check out "
                            + "https://relay.dev/docs/debugging/disallowed-id-types-error", at: location))
            }
        }
        return diagnostics
    }
}
