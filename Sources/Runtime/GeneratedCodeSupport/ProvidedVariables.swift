@_spi(RelayGenerated) import RelayContract

extension VariableData {
    /// A provided variable's source (Relay's `.relayprovider` module): a fragment declares
    /// `@argumentDefinitions(showName: {type: "Boolean!", provider: "ShowNames"})`, and every
    /// operation reaching it sends `ShowNames.get()` without its callers passing it. The value
    /// should not change while the app runs: records read with one value are stored under it.
    public protocol Provider {
        /// The variable's Swift type (`Bool` for `Boolean!`, `Int?` for `Int`); another type
        /// does not compile where the generated code names the provider.
        associatedtype Value: VariableValueConvertible
        static func get() -> Value
    }

    /// `provider`'s value, which must be of the variable's type `type`.
    @_spi(RelayGenerated) public static func provided<P: Provider>(_ provider: P.Type, as type: P.Value.Type)
        -> VariableValue
    {
        provider.get().variableValue
    }
}
