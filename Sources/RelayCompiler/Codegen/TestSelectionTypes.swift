import GraphQLParser

/// The schema type of every field an `@relay_test_operation` selects, by response-key path
/// (`viewer.todos.edges.node.text`), as Relay's `relayTestingSelectionTypeInfo`: what the mock
/// payload generator needs to fill each field with a value of the right type.
enum TestSelectionTypes {
    /// `["viewer": .init(type: "User", …), …]` in path order, from the normalization selections.
    static func expression(_ selections: [IRSelection], schema: Schema) -> SwiftExpression {
        var entries: [String: SwiftExpression] = [:]
        collect(selections, path: "", schema: schema, into: &entries)
        return .dictionary(entries.keys.sorted().compactMap { key in entries[key].map { (.string(key), $0) } })
    }

    private static func collect(
        _ selections: [IRSelection], path: String, schema: Schema, into entries: inout [String: SwiftExpression]
    ) {
        for selection in selections {
            switch selection {
            case .scalarField(let field):
                let fieldPath = path + field.responseKey
                if entries[fieldPath] == nil { entries[fieldPath] = entry(field.type, schema: schema) }
            case .linkedField(let field):
                let fieldPath = path + field.responseKey
                if entries[fieldPath] == nil { entries[fieldPath] = entry(field.type, schema: schema) }
                collect(field.selections, path: fieldPath + ".", schema: schema, into: &entries)
            case .inlineFragment(let fragment):
                collect(fragment.selections, path: path, schema: schema, into: &entries)
            case .condition(let condition):
                collect(condition.selections, path: path, schema: schema, into: &entries)
            case .fragmentSpread:
                continue
            }
        }
    }

    /// `.init(type: "Status", plural: true, nullable: false, enumValues: ["OPEN", …])`; the
    /// defaults (not plural, nullable, no enum values) are left out.
    private static func entry(_ type: TypeRef, schema: Schema) -> SwiftExpression {
        let name = type.namedType
        var isPlural = false
        var inner = type
        if case .nonNull(let wrapped) = inner { inner = wrapped }
        if case .list = inner { isPlural = true }
        var arguments: [(label: String?, value: SwiftExpression)] = [("type", .string(name))]
        if isPlural { arguments.append(("plural", .boolean(true))) }
        if type.isNonNull { arguments.append(("nullable", .boolean(false))) }
        if let schemaType = schema[name], schemaType.kind == .enumType {
            arguments.append(("enumValues", .array(schemaType.enumValues.map { .string($0.name) })))
        }
        return .call(.identifier(".init"), arguments)
    }
}
