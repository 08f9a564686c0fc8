@_spi(RelayGenerated) import RelayContract

/// What the reader asks of the Relay Resolver runtime (`Resolvers/`, whose `ResolverCache` is
/// the one implementation): a resolver field's value, where a client edge leads, and a client
/// object's record. The reader knows nothing else of resolvers: memoizing, live states, models
/// and client objects stay behind this.
protocol ResolverRuntime: AnyObject, Sendable {
    /// The field's value for `record`, and for a live resolver the id reads must count as seen.
    func value(
        of resolver: RelayResolverFunction, record: DataID, arguments: [String: VariableValue], input: VariableValue
    ) -> (value: Result<VariableValue, ResolverFailure>, liveID: DataID?)

    /// The id of the object a client edge's value `value` stands for (a server record's, or a
    /// client object's kept for reads); nil when it names none.
    func clientEdgeTarget(
        _ value: VariableValue, as target: ReaderResolverField.ClientEdge.Target, type: String?, objectID: DataID,
        on parent: DataID, in source: RecordSource
    ) -> DataID?

    /// The record of a client object a client edge led to.
    func clientObject(_ id: DataID) -> Record?
}
