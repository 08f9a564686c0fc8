import GraphQLParser

/// `@semanticNonNull(levels:)` on a schema field: the levels (0 the field, 1 its list's items, …)
/// that are null only when the server reports an error there. Where a document handles errors
/// (`@throwOnFieldError`, `@catch`), code reads those levels as non-null, as in Relay's types.
enum SemanticNonNull {
    static let directiveName = "semanticNonNull"

    /// The field's semantically non-null levels; empty when it has no `@semanticNonNull`.
    static func levels(of field: SchemaField) -> Set<Int> {
        guard let directive = field.definition?.directives.first(where: { $0.name.value == directiveName }) else {
            return []
        }
        guard let argument = directive.arguments.first(where: { $0.name.value == "levels" }) else { return [0] }
        func level(_ value: Value) -> Int? { if case .int(let level) = value { Int(level.text) } else { nil } }
        switch argument.value {
        case .list(let list): return Set(list.values.compactMap(level))
        case let value: return Set([level(value)].compactMap { $0 })
        }
    }

    /// `type` with the given levels made non-null.
    static func applying(_ levels: Set<Int>, to type: TypeRef, level: Int = 0) -> TypeRef {
        guard !levels.isEmpty else { return type }
        let nullable: TypeRef
        if case .nonNull(let inner) = type { nullable = inner } else { nullable = type }
        let rebuilt: TypeRef
        if case .list(let item) = nullable {
            rebuilt = .list(applying(levels, to: item, level: level + 1))
        } else {
            rebuilt = nullable
        }
        if case .nonNull = type { return .nonNull(rebuilt) }
        return levels.contains(level) ? .nonNull(rebuilt) : rebuilt
    }
}
