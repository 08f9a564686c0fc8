/// Relay's `ConnectionHandler`: how a `@connection` field is stored. The naming rules live here,
/// in the contract module, because the compiler writes keys the store must find; the runtime
/// adds the functions that read and edit connections.
public enum ConnectionHandler {
    /// The arguments that page rather than identify a connection.
    public static let pagingArguments: Set<String> = ["first", "last", "after", "before"]

    /// The argument of the handle field that holds `@connection(dynamicKey_UNSTABLE:)`'s value
    /// (Relay's): connections of one field and key under different dynamic keys are kept apart.
    public static let dynamicKeyArgument = "__dynamicKey"

    /// `__<key>_connection`: the field under which a record links to its client connection.
    public static func handleFieldName(key: String) -> String { "__\(key)_connection" }

    /// Whether argument `name` identifies the connection: one of `filters` when given, else any
    /// argument that does not page.
    public static func isFilter(_ name: String, filters: [String]?) -> Bool {
        filters.map { $0.contains(name) } ?? !pagingArguments.contains(name)
    }
}
