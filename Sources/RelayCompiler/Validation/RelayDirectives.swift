/// The Relay directives relay-swift compiles, and the ones Relay has that it does not compile
/// yet (reported as such rather than as unknown, and never silently dropped).
public enum RelayDirectives {
    /// Definitions added to every project's schema.
    public static let definitions: [String: String] = [
        "connection": "directive @connection(key: String!, filters: [String]) on FIELD",
        "relay": "directive @relay(plural: Boolean) on FRAGMENT_DEFINITION",
        "refetchable": "directive @refetchable(queryName: String!) on FRAGMENT_DEFINITION",
        "arguments": "directive @arguments on FRAGMENT_SPREAD",
        "argumentDefinitions": "directive @argumentDefinitions on FRAGMENT_DEFINITION",
        "deleteRecord": "directive @deleteRecord on FIELD",
        "deleteEdge": "directive @deleteEdge(connections: [ID!]!) on FIELD",
        "appendEdge": "directive @appendEdge(connections: [ID!]!) on FIELD",
        "prependEdge": "directive @prependEdge(connections: [ID!]!) on FIELD",
        "appendNode": "directive @appendNode(connections: [ID!]!, edgeTypeName: String!) on FIELD",
        "prependNode": "directive @prependNode(connections: [ID!]!, edgeTypeName: String!) on FIELD",
    ]

    /// Relay directives a document may use that relay-swift does not compile yet.
    public static let unsupported: Set<String> = [
        "alias", "catch", "defer", "inline", "match", "module", "no_inline", "preloadable", "raw_response_type",
        "relay_client_component", "relay_test_operation", "required", "stream", "stream_connection",
        "throwOnFieldError", "updatable", "assignable", "waterfall",
    ]
}
