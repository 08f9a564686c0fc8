/// A response's field errors arranged by path (after relay-runtime's `RelayErrorTrie`), so the
/// normalizer finds the errors of the field it is writing in constant time as it walks the data:
/// building it costs one step per path element, and a response without errors builds nothing.
struct ResponseErrorTrie: Sendable {
    /// Errors whose path ends here.
    private(set) var errors: [GraphQLError] = []
    private var children: [GraphQLError.PathElement: ResponseErrorTrie] = [:]

    /// The trie of `errors` that have a path; nil when none has.
    init?(_ errors: [GraphQLError]) {
        for error in errors where !error.path.isEmpty { insert(error, from: 0) }
        if children.isEmpty { return nil }
    }

    private init() {}

    private mutating func insert(_ error: GraphQLError, from index: Int) {
        guard index < error.path.count else {
            errors.append(error)
            return
        }
        children[error.path[index], default: ResponseErrorTrie()].insert(error, from: index + 1)
    }

    /// The trie under `element` (a response key or a list index), when an error lies there.
    func child(_ element: GraphQLError.PathElement) -> ResponseErrorTrie? { children[element] }

    /// Every error at or below `element`: what a field the response left null failed with.
    func errors(under element: GraphQLError.PathElement) -> [GraphQLError] {
        guard let child = children[element] else { return [] }
        var found: [GraphQLError] = []
        child.collect(into: &found)
        return found
    }

    private func collect(into found: inout [GraphQLError]) {
        found += errors
        // Sorted, so that which error comes first does not depend on hashing.
        for key in children.keys.sorted(by: Self.order) { children[key]?.collect(into: &found) }
    }

    private static func order(_ lhs: GraphQLError.PathElement, _ rhs: GraphQLError.PathElement) -> Bool {
        switch (lhs, rhs) {
        case (.index(let left), .index(let right)): left < right
        case (.key(let left), .key(let right)): left < right
        case (.index, .key): true
        case (.key, .index): false
        }
    }
}
