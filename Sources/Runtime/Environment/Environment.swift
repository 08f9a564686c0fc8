import Foundation
@_spi(RelayGenerated) import RelayContract

/// Runs generated operations: sends them through a `Network`, writes responses into the
/// normalized store, reads operations and fragments back as their generated `Data`, applies
/// optimistic updates as layers, and tells subscribers when what they read changed.
///
/// A facade, after relay-runtime's environment: requests go through the `OperationExecutor`
/// (network → parse → normalize → publish), writes and subscriptions through the `RecordStore`
/// (its `PublishQueue` keeps the optimistic layers), reads through a `ReaderSelector`.
///
/// Thread-safe: every method may be called from any task.
public final class Environment: Sendable {
    public let network: any Network
    /// The field that identifies records (`id`).
    public let idFieldName: String
    let store: RecordStore
    let executor: OperationExecutor
    let inFlight = InFlightRequests()
    let clientEdgeFetches = ClientEdgeFetches()

    /// Told of field-level events where code reads data (Relay's `relayFieldLogger`): a
    /// `@required(action: LOG)` field found null.
    public let fieldLogger: (@Sendable (Environment.FieldLogEvent) -> Void)?
    /// How long a query's response counts as fresh, in seconds; nil for until invalidated.
    public var queryCacheExpirationTime: TimeInterval? { store.queryCacheExpirationTime }
    /// The mutations waiting for the network (empty unless `offlineMutations` was given).
    public let mutationQueue: MutationQueue

    /// - Parameters:
    ///   - idFieldName: the field that identifies records.
    ///   - releaseBufferSize: how many released operations keep their data reachable after
    ///     `dispose()`, so returning to a screen just left needs no network (Relay's
    ///     `gcReleaseBufferSize`).
    ///   - fieldLogger: told of field-level events where code reads data (`@required(action: LOG)`).
    ///   - handlerProvider: the app's handler for a handle name (Relay's `handlerProvider`), for
    ///     handles other than `@connection`'s and the declarative edits', whose handlers are built in.
    ///   - queryCacheExpirationTime: how long, in seconds, a query's response counts as fresh
    ///     (Relay's `queryCacheExpirationTime`): data that old is stale, and `storeOrNetwork`
    ///     fetches it again. Nil: data is fresh until invalidated.
    ///   - now: the clock fetch times are read from (a test passes its own).
    ///   - storage: where the server's data outlives the process (`RelayPersistence`'s
    ///     `SQLiteRecordStorage`): read now, then written write by write.
    ///   - onStorageFailure: told when storage cannot be read or written; the environment then
    ///     goes on in memory, and stops writing to it.
    ///   - offlineMutations: which mutations wait for the network when the server cannot be
    ///     reached, rather than fail, and where they are saved (`mutationQueue` holds them).
    public init(
        network: any Network, idFieldName: String = "id", releaseBufferSize: Int = 10,
        fieldLogger: (@Sendable (Environment.FieldLogEvent) -> Void)? = nil,
        handlerProvider: (@Sendable (String) -> (any CustomFieldHandler)?)? = nil,
        queryCacheExpirationTime: TimeInterval? = nil, now: @escaping @Sendable () -> Date = Date.init,
        storage: (any RecordStorage)? = nil, onStorageFailure: @escaping @Sendable (any Error) -> Void = { _ in },
        offlineMutations: OfflineMutations? = nil
    ) {
        self.network = network
        self.idFieldName = idFieldName
        self.fieldLogger = fieldLogger
        store = RecordStore(
            releaseBufferSize: releaseBufferSize, handlers: FieldHandlers(provider: handlerProvider), now: now,
            queryCacheExpirationTime: queryCacheExpirationTime, storage: storage, onStorageFailure: onStorageFailure)
        executor = OperationExecutor(network: network, store: store, idFieldName: idFieldName)
        mutationQueue = MutationQueue(configuration: offlineMutations, now: now, onStorageFailure: onStorageFailure)
        mutationQueue.start(in: self)
    }

    // MARK: Retaining and garbage collection

    /// Keeps the operation's records in the store until the returned value is disposed. Every
    /// record no retained operation (or buffered released one, or live subscription) reaches
    /// is removed by the next garbage collection.
    public func retain<Op: Operation>(_ operation: Op) -> Disposable {
        let root = Retention.Root(
            selections: Op.node.operation.selections, variables: operation.operationVariables,
            key: Self.identity(of: operation))
        let id = store.retain(root)
        return Disposable { [weak store] in store?.release(id) }
    }

    /// Removes the records nothing reaches now. Runs by itself when a retained operation is
    /// disposed; while optimistic mutations are in flight it waits until they finish.
    /// Returns how many records were removed.
    @discardableResult
    public func collectGarbage() -> Int {
        store.collectGarbage()
    }

    // MARK: Reading

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
        store.availability(
            of: Op.node.operation.selections, variables: operation.operationVariables,
            operation: Self.identity(of: operation))
    }

    /// Yields, each time some of the records `ids` are invalidated from now on (all of them
    /// when the whole store is), those records (Relay's `subscribeToInvalidationState`), so a
    /// screen can refetch what it shows; ends when the iteration stops.
    public func subscribeToInvalidationState(_ ids: [DataID]) -> AsyncStream<Set<DataID>> {
        store.invalidations(of: Set(ids))
    }

    /// An operation's identity: its name and variables.
    static func identity<Op: Operation>(of operation: Op) -> String {
        Op.node.params.name + " " + VariableValue.object(operation.operationVariables.fields).stableJSON
    }

    /// The store's data of the operation for a fetch, and what `policy` decides on it, stale
    /// data counted.
    func fetchDecision<Op: Operation>(for operation: Op, policy: FetchPolicy) -> (Snapshot<Op.Data>, FetchDecision) {
        let snapshot = lookupForFetch(operation)
        // The snapshot already says the data is all there: only staleness is left to find.
        let isStale =
            !snapshot.isMissingData && store.mayBeStale
            && store.availability(
                of: Op.node.operation.selections, variables: operation.operationVariables,
                operation: Self.identity(of: operation), isComplete: true)
                == .stale
        return (snapshot, policy.decision(for: snapshot, isStale: isStale))
    }

    /// When the operation's response was last written (its first payload's, for one in parts).
    func lastWrite<Op: Operation>(of operation: Op) -> OperationWrite? {
        store.lastWrite(of: Self.identity(of: operation))
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

    // MARK: Writing

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

    // MARK: Fetching

    /// The query's data, from the store and/or the network as `fetchPolicy` says.
    public func fetchQuery<Op: Operation>(_ operation: Op, fetchPolicy: FetchPolicy = .storeOrNetwork) async throws
        -> Op.Data
    {
        let (snapshot, decision) = fetchDecision(for: operation, policy: fetchPolicy)
        if decision.sendsRequest { return try await fetchFromNetwork(operation) }
        guard decision.usesStoreData else {
            throw RelayError.storeLacksData(for: Op.node.params.name, missing: snapshot.missingFields)
        }
        return try snapshot.dataOrError(reading: Op.node.params.name)
    }

    /// Sends the query and writes its response into the store; returns the data read right after
    /// the last payload was written (responses' errors beside data are partial data, ignored).
    /// An identical query (same operation and variables) already in flight is not sent again:
    /// its result is shared.
    func fetchFromNetwork<Op: Operation>(_ operation: Op) async throws -> Op.Data {
        let executor = executor
        let data = try await inFlight.run(Self.identity(of: operation)) {
            try Self.data(of: try await executor.execute(operation), for: operation)
        }
        mutationQueue.networkAnswered()
        return data
    }

    /// The operation's data in a response just written; missing data the operation selects is
    /// an error.
    static func data<Op: Operation>(of response: OperationExecutor.Response<Op.Data>, for operation: Op)
        throws -> Op.Data
    {
        if let failure = response.snapshot.readFailure { throw failure }
        guard let data = response.snapshot.data else {
            if let invalid = response.snapshot.invalidValue { throw RelayError.invalidValue(invalid) }
            throw RelayError.missingData(
                "the response to \(Op.node.params.name) lacks data it selects" + response.snapshot.missingFields.summary
            )
        }
        return data
    }

    // MARK: Mutations

    /// Sends a mutation. An optimistic response and/or updater are applied at once as a layer;
    /// when the server answers, the layer is removed and the real response (plus `updater`)
    /// written; when it fails, the layer is removed and the error thrown.
    public func commitMutation<Op: Operation>(
        _ operation: Op, optimisticResponse: [String: Any]? = nil, optimisticUpdater: Updater? = nil,
        updater: Updater? = nil
    ) async throws -> Op.Data {
        let optimistic = optimisticResponse.flatMap { VariableValue(json: $0) }
        return try await commitMutation(
            operation, optimisticData: optimistic, optimisticUpdater: optimisticUpdater, updater: updater)
    }

    /// `commitMutation` with a completion handler, for code that is not async.
    public func commitMutation<Op: Operation>(
        _ operation: Op, optimisticResponse: [String: Any]? = nil, optimisticUpdater: Updater? = nil,
        updater: Updater? = nil, completion: @escaping @Sendable (Result<Op.Data, Error>) -> Void
    ) {
        commitMutation(
            operation, optimisticData: optimisticResponse.flatMap { VariableValue(json: $0) },
            optimisticUpdater: optimisticUpdater, updater: updater, completion: completion)
    }

    /// `commitMutation` for an `@raw_response_type` mutation, with a typed optimistic response:
    /// the Swift compiler checks it against the mutation's whole response.
    public func commitMutation<Op: RawResponseOperation>(
        _ operation: Op, optimisticResponse: Op.RawResponse, optimisticUpdater: Updater? = nil,
        updater: Updater? = nil
    ) async throws -> Op.Data {
        try await commitMutation(
            operation, optimisticData: optimisticResponse.variableValue, optimisticUpdater: optimisticUpdater,
            updater: updater)
    }

    /// The typed `commitMutation` with a completion handler, for code that is not async.
    public func commitMutation<Op: RawResponseOperation>(
        _ operation: Op, optimisticResponse: Op.RawResponse, optimisticUpdater: Updater? = nil,
        updater: Updater? = nil, completion: @escaping @Sendable (Result<Op.Data, Error>) -> Void
    ) {
        commitMutation(
            operation, optimisticData: optimisticResponse.variableValue, optimisticUpdater: optimisticUpdater,
            updater: updater, completion: completion)
    }

    /// `commitMutation` with the optimistic response as a value and a completion handler: what
    /// the public forms (an untyped response as Relay takes it, or a typed `RawResponse`) and
    /// `MutationState` commit through.
    func commitMutation<Op: Operation>(
        _ operation: Op, optimisticData: VariableValue?, optimisticUpdater: Updater? = nil, updater: Updater? = nil,
        completion: @escaping @Sendable (Result<Op.Data, Error>) -> Void
    ) {
        let layer: Int?
        do {
            layer = try executor.applyOptimistic(operation, data: optimisticData, updater: optimisticUpdater)
        } catch {
            completion(.failure(error))
            return
        }
        guard !mutationQueue.accepts(Op.node.params.name) else {
            mutationQueue.commit(
                operationName: Op.node.params.name, variables: operation.operationVariables,
                optimisticResponse: optimisticData, layer: layer,
                send: { environment, layer in
                    let data = try await environment.sendMutation(
                        operation, optimisticLayer: layer, updater: updater, queueable: true)
                    return { completion(.success(data)) }
                }, finish: { completion(.failure($0)) })
            return
        }
        Task {
            do {
                completion(.success(try await self.sendMutation(operation, optimisticLayer: layer, updater: updater)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// `commitMutation` with the optimistic response as a value.
    func commitMutation<Op: Operation>(
        _ operation: Op, optimisticData: VariableValue?, optimisticUpdater: Updater? = nil, updater: Updater? = nil
    ) async throws -> Op.Data {
        guard !mutationQueue.accepts(Op.node.params.name) else {
            // It may wait for the network: it ends when the queue has sent it.
            return try await withCheckedThrowingContinuation { continuation in
                commitMutation(
                    operation, optimisticData: optimisticData, optimisticUpdater: optimisticUpdater, updater: updater
                ) { continuation.resume(with: $0) }
            }
        }
        let layer = try executor.applyOptimistic(operation, data: optimisticData, updater: optimisticUpdater)
        return try await sendMutation(operation, optimisticLayer: layer, updater: updater)
    }

    /// Sends a mutation whose optimistic layer (if any) is in place. A mutation the server
    /// answered with errors failed, even when part of its data came back: that part is in the
    /// store (it is the server's), the caller gets the errors — unless the mutation is under
    /// `@catch` and every error names a field: its data then holds them. A `queueable` one
    /// keeps its layer when the server cannot be reached, to wait in `mutationQueue`.
    func sendMutation<Op: Operation>(_ operation: Op, optimisticLayer: Int?, updater: Updater?, queueable: Bool = false)
        async throws -> Op.Data
    {
        let catchesFieldErrors = Op.node.fragment.catchTo != nil
        let isConnectionFailure = mutationQueue.configuration?.isConnectionFailure
        let response = try await executor.execute(
            operation, updater: updater, optimisticLayer: optimisticLayer,
            onResponse: {
                let caught = catchesFieldErrors && $0.errors.allSatisfy { !$0.path.isEmpty }
                guard $0.errors.isEmpty || caught else { throw RelayError.graphQL($0.errors) }
            }, keepsLayerOn: { queueable && isConnectionFailure?($0) == true })
        mutationQueue.networkAnswered()
        return try Self.data(of: response, for: operation)
    }
}
