import GraphQLParser

/// The Swift literal of a variable's declared default (`$complete: Boolean = false`), so the
/// generated `Variables` initialiser's parameter defaults to it (`complete: Bool? = false`) as
/// the operation says. Built-in scalars, enums and lists of them; anything else (input objects,
/// custom scalars) stays `nil`, which the runtime fills with the same default.
enum VariableDefaults {
    static func expression(_ value: IRValue, type: TypeRef, schema: Schema) -> SwiftExpression? {
        switch (type.nullable, value) {
        case (_, .null), (_, .variable):
            return nil
        case (.list(let item), .list(let items)):
            let elements = items.map { expression($0, type: item, schema: schema) }
            guard elements.allSatisfy({ $0 != nil }) else { return nil }
            return .array(elements.compactMap { $0 })
        case (.list(let item), _):
            // A single value given for a list is a list of that value (input coercion).
            return expression(value, type: item, schema: schema).map { .array([$0]) }
        case (.named(let name), _):
            return scalarOrEnum(value, typeName: name, schema: schema)
        case (.nonNull, _):
            return nil
        }
    }

    private static func scalarOrEnum(_ value: IRValue, typeName: String, schema: Schema) -> SwiftExpression? {
        switch (typeName, value) {
        case ("Boolean", .bool(let flag)): return .boolean(flag)
        case ("Int", .int(let text)): return Int(text).map(SwiftExpression.integer)
        case ("Float", .int(let text)), ("Float", .float(let text)): return Double(text).map(SwiftExpression.float)
        case ("String", .string(let text)), ("ID", .string(let text)): return .string(text)
        case (_, .enumValue(let name)):
            guard let type = schema[typeName], type.kind == .enumType else { return nil }
            let values = type.enumValues.map(\.name)
            guard let index = values.firstIndex(of: name) else { return nil }
            return .member(nil, SchemaTypesGenerator.caseNames(values)[index])
        default: return nil
        }
    }
}
