import GraphQLParser

/// A named definition of the project's GraphQL, for an editor's outline and its symbol search.
public struct GraphQLSymbol: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case query, mutation, subscription, fragment
        /// A type of the schema (schema search), of this kind.
        case schemaType(TypeKind)
        /// A field of a schema type (schema search).
        case schemaField
    }

    public var name: String
    public var kind: Kind
    /// `query`, `fragment on User`…: what the definition is, shown beside its name.
    public var detail: String
    /// The whole definition.
    public var location: SourceLocation
    /// Its name.
    public var nameLocation: SourceLocation
}

/// Document symbols (the outline of one file) and workspace symbols (a search over the
/// project's operations and fragments, then the schema's types and fields: the schema search
/// of Relay's editor extension, in any editor).
extension LanguageWorkspace {
    /// The operations and fragments of a file's literals (or of a `.graphql` file), in order.
    public func symbols(in file: String) -> [GraphQLSymbol] {
        documents().filter { $0.file == file }.flatMap { Self.symbols(of: $0.document) }
    }

    /// The project's operations and fragments whose name contains `query` (any case; all of
    /// them for an empty one), by name; then, for a query that is not empty, the schema's types
    /// and fields (`Type.field`) whose names contain it, where the schema files define them,
    /// at most `schemaLimit` of them, types first.
    public func symbols(matching query: String, schemaLimit: Int = 200) -> [GraphQLSymbol] {
        let needle = query.lowercased()
        let project = documents().flatMap { Self.symbols(of: $0.document) }
            .filter { needle.isEmpty || $0.name.lowercased().contains(needle) }
            .sorted { ($0.name, $0.location) < ($1.name, $1.location) }
        guard !needle.isEmpty, let schema else { return project }
        var types: [GraphQLSymbol] = []
        var fields: [GraphQLSymbol] = []
        for type in schema.typeList where !type.name.hasPrefix("__") {
            if type.name.lowercased().contains(needle), let definition = type.definition,
                let name = Self.nameLocation(of: definition), !name.file.hasSuffix(".json")
            {
                types.append(
                    GraphQLSymbol(
                        name: type.name, kind: .schemaType(type.kind), detail: Self.keyword(of: type.kind),
                        location: definition.node.location, nameLocation: name))
            }
            for field in type.fields where !field.name.hasPrefix("__") {
                let qualified = "\(type.name).\(field.name)"
                guard qualified.lowercased().contains(needle), let definition = field.definition,
                    !definition.location.file.hasSuffix(".json")
                else { continue }
                fields.append(
                    GraphQLSymbol(
                        name: qualified, kind: .schemaField, detail: "\(qualified): \(field.type)",
                        location: definition.location, nameLocation: definition.name.location))
            }
        }
        return project + (types + fields).prefix(schemaLimit)
    }

    static func symbols(of document: Document) -> [GraphQLSymbol] {
        document.definitions.compactMap { definition in
            switch definition {
            case .operation(let operation):
                guard let name = operation.name else { return nil }
                let kind: GraphQLSymbol.Kind =
                    switch operation.operation {
                    case .query: .query
                    case .mutation: .mutation
                    case .subscription: .subscription
                    }
                return GraphQLSymbol(
                    name: name.value, kind: kind, detail: operation.operation.rawValue, location: operation.location,
                    nameLocation: name.location)
            case .fragment(let fragment):
                return GraphQLSymbol(
                    name: fragment.name.value, kind: .fragment,
                    detail: "fragment on \(fragment.typeCondition.name.value)", location: fragment.location,
                    nameLocation: fragment.name.location)
            default: return nil
            }
        }
    }
}
