@_spi(RelayGenerated) import RelayContract

/// Writing to the store outside of a request: payloads and updaters.
extension Environment {
    /// Normalizes a response's data for `Op` into the store and notifies subscribers. Data that
    /// does not fit the operation (an object where it selects a list, a string where it selects
    /// an object, an `id` that is not a string) throws `RelayError.invalidShape` and writes
    /// nothing.
    public func commitPayload<Op: Operation>(_ operation: Op, data: VariableValue) throws(RelayError) {
        try executor.publish(operation, data: data)
    }

    /// Normalizes a whole response for an `@raw_response_type` operation into the store (Relay's
    /// `commitPayload`): a typed one, so a wrong field or type does not compile.
    public func commitPayload<Op: RawResponseOperation>(_ operation: Op, _ response: Op.RawResponse)
        throws(RelayError)
    {
        try executor.publish(operation, data: response.variableValue)
    }

    /// Runs an updater against the store outside of any mutation (a local change).
    public func commitUpdate(_ updater: @escaping Updater) {
        store.publish { _ in (RecordSource(), { updater($0, nil) }) }
    }

    /// Changes local state (Relay's `commitLocalUpdate`): the fields and types of client schema
    /// extensions, or any record. Subscribed queries and fragments see the change at once, and
    /// a server's later response leaves client fields as they are.
    public func commitLocalUpdate(_ update: @escaping @Sendable (RecordSourceSelectorProxy) -> Void) {
        commitUpdate { store, _ in update(store) }
    }
}
