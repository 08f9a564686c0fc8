import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// The schema type of every field an `@relay_test_operation` selects (every operation's, when the
/// project asks for test support), by response-key path (`viewer.todos.edges.node.text`), as
/// Relay's `relayTestingSelectionTypeInfo`: what the mock payload generator needs to fill each
/// field with a value of the right type. Each variable's type is under `$name`, so that a test
/// can run an operation without writing its variables.
enum TestSelectionTypes {
    /// Each field's type by path, from the normalization selections, and each variable's.
    static func types(_ selections: [IRSelection], variables: [IRVariableDefinition], schema: Schema)
        -> [String: MockSelectionType]
    {
        var entries: [String: MockSelectionType] = [:]
        collect(selections, path: "", schema: schema, into: &entries)
        for variable in variables { entries["$" + variable.name] = entry(variable.type, schema: schema) }
        return entries
    }

    private static func collect(
        _ selections: [IRSelection], path: String, schema: Schema, into entries: inout [String: MockSelectionType]
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

    /// The named type, whether it is a list, whether it may be null, an enum's values and an
    /// interface's or union's object types.
    private static func entry(_ type: TypeRef, schema: Schema) -> MockSelectionType {
        let name = type.namedType
        var isPlural = false
        var inner = type
        if case .nonNull(let wrapped) = inner { inner = wrapped }
        if case .list = inner { isPlural = true }
        let named = schema[name]
        let enumValues = named.flatMap { $0.kind == .enumType ? $0.enumValues.map(\.name) : nil } ?? []
        let possibleTypes =
            named.flatMap { $0.kind == .interface || $0.kind == .union ? schema.possibleTypes(of: $0) : nil }?.map(
                \.name
            ).sorted() ?? []
        return MockSelectionType(
            type: name, plural: isPlural, nullable: !type.isNonNull, enumValues: enumValues,
            possibleTypes: possibleTypes)
    }
}
