/// Finds the client connections `@connection` fields are read from. The compiler uses the same
/// rules (it links this module), so the keys it generates and the keys the store writes agree.
public enum ConnectionHandler {
    /// The arguments that page rather than identify a connection.
    public static let pagingArguments: Set<String> = ["first", "last", "after", "before"]

    /// `__<key>_connection`: the field under which a record links to its client connection.
    public static func handleFieldName(key: String) -> String { "__\(key)_connection" }

    /// Whether argument `name` identifies the connection: one of `filters` when given, else any
    /// argument that does not page.
    public static func isFilter(_ name: String, filters: [String]?) -> Bool {
        filters.map { $0.contains(name) } ?? !pagingArguments.contains(name)
    }

    /// The handle field's storage key with the identifying arguments' values.
    public static func handleKey(_ handle: NormalizationHandle, variables: VariableData) -> String {
        storageKey(
            fieldName: handleFieldName(key: handle.key),
            arguments: handle.args.filter { isFilter($0.name, filters: handle.filters) }, variables: variables)
    }

    /// The same key for updaters: `key` as given to `@connection`, `filters` the identifying
    /// argument values.
    public static func handleKey(key: String, filters: [String: VariableValue] = [:]) -> String {
        storageKey(fieldName: handleFieldName(key: key), values: filters)
    }
}
