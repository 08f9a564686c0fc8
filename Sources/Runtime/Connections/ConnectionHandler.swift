@_spi(RelayGenerated) import RelayContract

/// The keys under which the store finds `@connection`s, from the naming rules the compiler
/// shares (`ConnectionHandler` in `RelayContract`).
extension ConnectionHandler {
    /// The handle field's storage key with the identifying arguments' values.
    static func handleKey(_ handle: NormalizationHandle, variables: VariableData) -> String {
        storageKey(
            fieldName: handleFieldName(key: handle.key),
            arguments: handle.args.filter { isFilter($0.name, filters: handle.filters) }
                + handle.handleArgs.filter { $0.name == dynamicKeyArgument }, variables: variables)
    }

    /// The same key for updaters: `key` as given to `@connection`, `filters` the identifying
    /// argument values.
    public static func handleKey(key: String, filters: [String: VariableValue] = [:]) -> String {
        storageKey(fieldName: handleFieldName(key: key), values: filters)
    }
}
