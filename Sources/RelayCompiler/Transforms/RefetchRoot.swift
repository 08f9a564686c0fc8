import GraphQLParser

/// Where a `@refetchable` fragment's refetch query finds the fragment again — Relay's refetch
/// query generators, tried in its order: the query type and Viewer from the root, Node and types
/// whose every object implements it through `node(id:)`, a `@fetchable` object type through the
/// query type's `fetch__Type` field (first, when the fragment says `preferFetchable: true`).
enum RefetchRoot: Hashable, Sendable {
    case queryType
    case viewer
    case node
    /// `fetch__Type(<argument>: $id)`, given the record's `identifierField`.
    case fetchable(identifierField: String)

    static func of(_ fragment: IRFragment, schema: Schema) -> RefetchRoot? {
        let typeName = fragment.typeCondition
        if typeName == "Viewer" { return .viewer }
        if typeName == schema.queryType { return .queryType }
        let fetchable = schema[typeName].flatMap(FetchableType.identifierField).map(RefetchRoot.fetchable)
        if fragment.refetchPrefersFetchable, let fetchable { return fetchable }
        if implementsNode(typeName, schema: schema) { return .node }
        return fetchable
    }

    /// The response keys from the query's root to the fragment.
    func path(to typeName: String) -> [String] {
        switch self {
        case .queryType: []
        case .viewer: ["viewer"]
        case .node: ["node"]
        case .fetchable: ["fetch__\(typeName)"]
        }
    }

    /// The field whose value the query's `$id` takes, if it has one.
    var identifierField: String? {
        switch self {
        case .queryType, .viewer: nil
        case .node: "id"
        case .fetchable(let field): field
        }
    }

    /// Node, an object type implementing it, or an interface or union whose objects all do.
    private static func implementsNode(_ typeName: String, schema: Schema) -> Bool {
        guard typeName != "Node" else { return true }
        guard let type = schema[typeName] else { return false }
        switch type.kind {
        case .object:
            return type.interfaces.contains("Node")
        case .interface, .union:
            let objects = schema.possibleTypes(of: type)
            return !objects.isEmpty && objects.allSatisfy { $0.interfaces.contains("Node") }
        default:
            return false
        }
    }
}
