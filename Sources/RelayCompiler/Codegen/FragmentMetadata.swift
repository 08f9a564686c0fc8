import GraphQLParser

/// `ReaderFragmentMetadata(connection:refetch:)` for a fragment with `@connection` fields or
/// `@refetchable`: where each connection is and which variables page it, and which query
/// refetches the fragment. Nil for other fragments, so their files stay short.
enum FragmentMetadata {
    static func expression(_ fragment: IRFragment, schema: Schema) -> SwiftExpression? {
        let connectionList = connections(in: fragment.selections, path: [])
        let refetchQuery = fragment.refetchQueryName.map { refetch($0, fragment: fragment, schema: schema) }
        guard !connectionList.isEmpty || refetchQuery != nil else { return nil }
        return RequestNode.call(
            "ReaderFragmentMetadata",
            [("connection", connectionList.isEmpty ? nil : .array(connectionList)), ("refetch", refetchQuery)])
    }

    /// True when the fragment has a `@connection` field (pagination can page it).
    static func hasConnection(_ fragment: IRFragment) -> Bool {
        !connections(in: fragment.selections, path: []).isEmpty
    }

    /// `ConnectionMetadata(…)` for each `@connection` field, in selection order; the path runs
    /// through linked fields by response key (inline fragments and conditions add nothing).
    private static func connections(in selections: [IRSelection], path: [String]) -> [SwiftExpression] {
        selections.flatMap { selection -> [SwiftExpression] in
            switch selection {
            case .linkedField(let field):
                let fieldPath = path + [field.responseKey]
                let nested = connections(in: field.selections, path: fieldPath)
                guard field.connection != nil else { return nested }
                return [connection(field, path: fieldPath)] + nested
            case .inlineFragment(let fragment):
                return connections(in: fragment.selections, path: path)
            case .condition(let condition):
                return connections(in: condition.selections, path: path)
            case .scalarField, .fragmentSpread:
                return []
            }
        }
    }

    private static func connection(_ field: IRLinkedField, path: [String]) -> SwiftExpression {
        let variable = field.variable(passedAs:)
        let (forward, backward) = field.pagingDirections
        let direction = forward && backward ? "bidirectional" : backward ? "backward" : "forward"
        let count = forward ? variable("first") : variable("last")
        let cursor = forward ? variable("after") : variable("before")
        let backwardCount = forward && backward ? variable("last") : nil
        let backwardCursor = forward && backward ? variable("before") : nil
        return RequestNode.call(
            "ConnectionMetadata",
            [
                ("path", .array(path.map(SwiftExpression.string))), ("direction", .member(nil, direction)),
                ("count", count.map(SwiftExpression.string)), ("cursor", cursor.map(SwiftExpression.string)),
                ("backwardCount", backwardCount.map(SwiftExpression.string)),
                ("backwardCursor", backwardCursor.map(SwiftExpression.string)),
            ])
    }

    /// Where `RefetchableTransform` put the fragment in its query: at the root for the query
    /// type, under `viewer` for `Viewer`, under `node(id:)` otherwise.
    private static func refetch(_ queryName: String, fragment: IRFragment, schema: Schema) -> SwiftExpression {
        let path: [String]
        let identifierField: String?
        if fragment.typeCondition == schema.queryType {
            (path, identifierField) = ([], nil)
        } else if fragment.typeCondition == "Viewer" {
            (path, identifierField) = (["viewer"], nil)
        } else {
            (path, identifierField) = (["node"], "id")
        }
        return RequestNode.call(
            "RefetchMetadata",
            [
                ("operation", .string(queryName)), ("fragmentPathInResult", .array(path.map(SwiftExpression.string))),
                ("identifierField", identifierField.map(SwiftExpression.string)),
            ])
    }
}
