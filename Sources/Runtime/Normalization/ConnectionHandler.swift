/// Finds and edits the client connections `@connection` fields are read from.
public enum ConnectionHandler {
    /// The arguments that page rather than identify a connection.
    static let pagingArguments: Set<String> = ["first", "last", "after", "before"]

    /// `__<key>_connection` with the identifying arguments: the field under which the parent
    /// record links to its client connection.
    public static func handleKey(_ handle: NormalizationHandle, variables: VariableData) -> String {
        let filters = handle.args.filter { argument in
            handle.filters.map { $0.contains(argument.name) } ?? !pagingArguments.contains(argument.name)
        }
        return storageKey(fieldName: "__\(handle.key)_connection", arguments: filters, variables: variables)
    }

    /// The same key for updaters: `key` as given to `@connection`, `filters` the identifying
    /// argument values.
    public static func handleKey(key: String, filters: [String: VariableValue] = [:]) -> String {
        storageKey(
            fieldName: "__\(key)_connection",
            arguments: filters.map { ArgumentNode.literal(name: $0.key, value: $0.value) }, variables: [:])
    }
}
