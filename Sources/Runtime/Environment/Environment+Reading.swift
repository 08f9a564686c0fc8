import Foundation
@_spi(RelayGenerated) import RelayContract

/// Reading the store: lookups, the availability check fetch policies decide on, and subscriptions.
extension Environment {
    /// The records as readers see them now (the server's data with optimistic layers on top).
    public var records: RecordSource { store.visible }

    /// The operation's data as the store has it now.
    public func lookup<Op: Operation>(_ operation: Op) -> Snapshot<Op.Data> {
        reported(ReaderSelector(operation).read(from: store.visible, resolverCache: store.resolverCache))
    }

    /// The fragment's data, read from the record its pointer names.
    public func lookup<F: Fragment>(_ fragment: F) -> Snapshot<F.Data> {
        reported(read(fragment))
    }

    /// A `@relay(plural: true)` fragment's data: one item per key, in order; nil when one of
    /// the records is unknown or gone.
    public func lookup<F: PluralFragment>(_ fragment: F) -> Snapshot<[F.Data]> {
        reported(read(fragment))
    }

    /// The fragment's data, without telling `fieldLogger`: observers report when it changes.
    func read<F: Fragment>(_ fragment: F) -> Snapshot<F.Data> {
        ReaderSelector(fragment).read(from: store.visible, resolverCache: store.resolverCache)
    }

    /// The plural fragment's data, without telling `fieldLogger`.
    func read<F: PluralFragment>(_ fragment: F) -> Snapshot<[F.Data]> {
        PluralReaderSelector(fragment).read(from: store.visible, resolverCache: store.resolverCache)
    }

    /// Tells `fieldLogger` what a snapshot code reads asks to log; returns the snapshot.
    @discardableResult
    func reported<Data>(_ snapshot: Snapshot<Data>) -> Snapshot<Data> {
        if let fieldLogger {
            for field in snapshot.requiredFieldsToLog { fieldLogger(.missingRequiredFieldLog(field)) }
            for error in snapshot.fieldErrorsToLog { fieldLogger(.fieldError(error)) }
        }
        return snapshot
    }

    /// True when the store holds every field the operation's response would write, its
    /// fragments' included, stale or not (`check` tells which).
    public func isAvailable<Op: Operation>(_ operation: Op) -> Bool {
        isAvailable(operation, in: store.visible)
    }

    /// What the store has of the operation (Relay's `environment.check`): `.available` with the
    /// time its response was last written, `.stale` when invalidated since
    /// (`invalidateStore()`, `invalidateRecord()` in an updater; checked before missing data) or
    /// `queryCacheExpirationTime` old, `.missing` when a field is not there.
    public func check<Op: Operation>(_ operation: Op) -> Availability {
        fillMissingFields(of: operation)
        return store.availability(
            of: Op.node.operation.selections, variables: operation.operationVariables,
            operation: OperationIdentity.of(operation))
    }

    /// Yields, each time some of the records `ids` are invalidated from now on (all of them
    /// when the whole store is), those records (Relay's `subscribeToInvalidationState`), so a
    /// screen can refetch what it shows; ends when the iteration stops.
    public func subscribeToInvalidationState(_ ids: [DataID]) -> AsyncStream<Set<DataID>> {
        store.invalidations(of: Set(ids))
    }

    /// The store's data of the operation for a fetch, and what `policy` decides on it, stale
    /// data counted.
    func fetchDecision<Op: Operation>(for operation: Op, policy: FetchPolicy) -> (Snapshot<Op.Data>, FetchDecision) {
        if policy != .networkOnly { fillMissingFields(of: operation) }
        let snapshot = lookupForFetch(operation)
        // The snapshot already says the data is all there: only staleness is left to find.
        let isStale =
            !snapshot.isMissingData && store.mayBeStale
            && store.availability(
                of: Op.node.operation.selections, variables: operation.operationVariables,
                operation: OperationIdentity.of(operation), isComplete: true)
                == .stale
        return (snapshot, policy.decision(for: snapshot, isStale: isStale))
    }

    /// When the operation's response was last written (its first payload's, for one in parts).
    func lastWrite<Op: Operation>(of operation: Op) -> OperationWrite? {
        store.lastWrite(of: OperationIdentity.of(operation))
    }

    private func isAvailable<Op: Operation>(_ operation: Op, in source: RecordSource) -> Bool {
        DataChecker(source: source, variables: operation.operationVariables, handlers: store.handlers)
            .isAvailable(Op.node.operation.selections, from: .root)
    }

    /// The operation's data as the store has it, counting as missing any field one of its
    /// fragments needs: what fetch policies decide on.
    func lookupForFetch<Op: Operation>(_ operation: Op) -> Snapshot<Op.Data> {
        let source = store.visible
        var snapshot = ReaderSelector(operation).read(from: source, resolverCache: store.resolverCache)
        if !snapshot.isMissingData, !isAvailable(operation, in: source) { snapshot.isMissingData = true }
        return snapshot
    }

    // MARK: Subscribing

    /// Snapshots of the operation's data: the current one at once, then one each time a record
    /// it read changes and the data with it.
    /// A client edge whose record the store lacks is fetched with its query, as Relay does.
    public func subscribe<Op: Operation>(_ operation: Op) -> AsyncStream<Snapshot<Op.Data>> {
        store.subscribe(ReaderSelector(operation)) { [weak self] in self?.fetchClientEdges($0, Op.clientEdgeQueries) }
    }

    /// Snapshots of the fragment's data, as `subscribe(_:)` for operations.
    public func subscribe<F: Fragment>(_ fragment: F) -> AsyncStream<Snapshot<F.Data>> {
        store.subscribe(ReaderSelector(fragment)) { [weak self] in self?.fetchClientEdges($0, F.clientEdgeQueries) }
    }

    /// Snapshots of a plural fragment's data, as `subscribe(_:)` for operations.
    public func subscribe<F: PluralFragment>(_ fragment: F) -> AsyncStream<Snapshot<[F.Data]>> {
        store.subscribe(PluralReaderSelector(fragment)) { [weak self] in
            self?.fetchClientEdges($0, F.clientEdgeQueries)
        }
    }
}
