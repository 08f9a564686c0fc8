@_spi(RelayGenerated) import RelayContract

/// Values readers compute from the store's records and keep between reads — the Relay Resolver
/// runtime's (`Resolvers/`): garbage collection tells them which records stay, and, once its lock
/// is released, to end what they dropped. The store knows nothing else of them.
protocol RecordDerivedValues: ResolverRuntime {
    /// Under the store's lock: forgets what hangs on records `isRetained` does not keep.
    func prune(keeping isRetained: (DataID) -> Bool)
    /// Outside the store's lock: ends the subscriptions of what `prune` dropped.
    func endRetiredSubscriptions()
}
