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
    ]

    /// Relay directives a document may use that relay-swift does not compile yet.
    public static let unsupported: Set<String> = [
        "alias", "appendEdge", "appendNode", "catch", "defer", "deleteEdge", "deleteRecord", "inline", "match",
        "module", "no_inline", "preloadable", "prependEdge", "prependNode", "raw_response_type",
        "relay_client_component", "relay_test_operation", "required", "stream", "stream_connection",
        "throwOnFieldError", "updatable", "assignable", "waterfall",
    ]
}
