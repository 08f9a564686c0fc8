import GraphQLParser

/// A named definition of the project's GraphQL, for an editor's outline and its symbol search.
public struct GraphQLSymbol: Equatable, Sendable {
    public enum Kind: Sendable {
        case query, mutation, subscription, fragment
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
/// project), for operations and fragments.
extension LanguageWorkspace {
    /// The operations and fragments of a file's literals (or of a `.graphql` file), in order.
    public func symbols(in file: String) -> [GraphQLSymbol] {
        documents().filter { $0.file == file }.flatMap { Self.symbols(of: $0.document) }
    }

    /// The project's operations and fragments whose name contains `query` (any case; all of
    /// them for an empty one), by name.
    public func symbols(matching query: String) -> [GraphQLSymbol] {
        let needle = query.lowercased()
        return documents().flatMap { Self.symbols(of: $0.document) }
            .filter { needle.isEmpty || $0.name.lowercased().contains(needle) }
            .sorted { ($0.name, $0.location) < ($1.name, $1.location) }
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
