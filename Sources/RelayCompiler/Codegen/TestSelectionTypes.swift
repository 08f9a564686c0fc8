import GraphQLParser

/// The schema type of every field an `@relay_test_operation` selects, by response-key path
/// (`viewer.todos.edges.node.text`), as Relay's `relayTestingSelectionTypeInfo`: what the mock
/// payload generator needs to fill each field with a value of the right type.
enum TestSelectionTypes {
    /// `{"viewer":{"type":"User",…},…}` in path order, from the normalization selections.
    static func json(_ selections: [IRSelection], schema: Schema) -> NodeJSON {
        var entries: [String: NodeJSON] = [:]
        collect(selections, path: "", schema: schema, into: &entries)
        return .object(entries.keys.sorted().compactMap { key in entries[key].map { (key, $0) } })
    }

    private static func collect(
        _ selections: [IRSelection], path: String, schema: Schema, into entries: inout [String: NodeJSON]
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

    /// `{"type":"Status","plural":true,"nullable":false,"enumValues":["OPEN",…]}`; the defaults
    /// (not plural, nullable, no enum values) are left out.
    private static func entry(_ type: TypeRef, schema: Schema) -> NodeJSON {
        let name = type.namedType
        var isPlural = false
        var inner = type
        if case .nonNull(let wrapped) = inner { inner = wrapped }
        if case .list = inner { isPlural = true }
        var members: [(key: String, value: NodeJSON)] = [("type", .string(name))]
        if isPlural { members.append(("plural", .bool(true))) }
        if type.isNonNull { members.append(("nullable", .bool(false))) }
        if let schemaType = schema[name], schemaType.kind == .enumType {
            members.append(("enumValues", .strings(schemaType.enumValues.map(\.name))))
        }
        return .object(members)
    }
}
