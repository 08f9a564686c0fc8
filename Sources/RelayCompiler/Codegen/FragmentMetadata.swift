import GraphQLParser
@_spi(RelayGenerated) import RelayContract

/// The `metadata` of a fragment's node (`connection`, `refetch`), for a fragment with `@connection` fields or
/// `@refetchable`: where each connection is and which variables page it, and which query
/// refetches the fragment. Nil for other fragments, so their files stay short.
enum FragmentMetadata {
    static func metadata(_ fragment: IRFragment, schema: Schema) -> ReaderFragmentMetadata? {
        let connectionList = connections(in: fragment.selections, path: [])
        let refetchQuery = fragment.refetchQueryName.map { refetch($0, fragment: fragment, schema: schema) }
        guard !connectionList.isEmpty || refetchQuery != nil else { return nil }
        return ReaderFragmentMetadata(connection: connectionList, refetch: refetchQuery)
    }

    /// True when the fragment has a `@connection` field (pagination can page it).
    static func hasConnection(_ fragment: IRFragment) -> Bool {
        !connections(in: fragment.selections, path: []).isEmpty
    }

    /// The metadata of each `@connection` field, in selection order; the path runs
    /// through linked fields by response key (inline fragments and conditions add nothing).
    private static func connections(in selections: [IRSelection], path: [String]) -> [ConnectionMetadata] {
        selections.flatMap { selection -> [ConnectionMetadata] in
            switch selection {
            case .linkedField(let field):
                let fieldPath = path + [field.responseKey]
                let nested = connections(in: field.selections, path: fieldPath)
                // A connection an app's handler keeps is not paged by the runtime.
                guard field.connection?.isBuiltIn == true else { return nested }
                return [connection(field, path: fieldPath)] + nested
            case .inlineFragment(let fragment) where fragment.inlineData != nil:
                // An `@inline` fragment's connections are its own, like a spread's.
                return []
            case .inlineFragment(let fragment):
                return connections(in: fragment.selections, path: path)
            case .condition(let condition):
                return connections(in: condition.selections, path: path)
            case .scalarField, .fragmentSpread:
                return []
            }
        }
    }

    private static func connection(_ field: IRLinkedField, path: [String]) -> ConnectionMetadata {
        let variable = field.variable(passedAs:)
        let (forward, backward) = field.pagingDirections
        let direction: ConnectionMetadata.Direction =
            forward && backward ? .bidirectional : backward ? .backward : .forward
        let count = forward ? variable("first") : variable("last")
        let cursor = forward ? variable("after") : variable("before")
        let backwardCount = forward && backward ? variable("last") : nil
        let backwardCursor = forward && backward ? variable("before") : nil
        return ConnectionMetadata(
            path: path, direction: direction, count: count, cursor: cursor, backwardCount: backwardCount,
            backwardCursor: backwardCursor)
    }

    /// Where `RefetchableTransform` put the fragment in its query (`RefetchRoot`).
    private static func refetch(_ queryName: String, fragment: IRFragment, schema: Schema) -> RefetchMetadata {
        let root = RefetchRoot.of(fragment, schema: schema) ?? .node
        return RefetchMetadata(
            operation: queryName, fragmentPathInResult: root.path(to: fragment.typeCondition),
            identifierField: root.identifierField)
    }
}
