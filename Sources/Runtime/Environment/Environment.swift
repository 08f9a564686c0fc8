import Foundation

/// How `fetchQuery` uses the store and the network.
public enum FetchPolicy: Sendable {
    /// Only the store; missing data is an error.
    case storeOnly
    /// The store when it has everything, else the network.
    case storeOrNetwork
    /// The network, after returning what the store has (for `fetchQuery`: the network's answer).
    case storeAndNetwork
    /// Always the network.
    case networkOnly
}

/// Runs generated operations: sends them through a `Network`, writes responses into the
/// normalized store, reads operations and fragments back as their generated `Data`, applies
/// optimistic updates as layers, and tells subscribers when what they read changed.
///
/// Thread-safe: the store is guarded by a lock and every method may be called from any task.
public final class Environment: @unchecked Sendable {
    public let network: any Network
    /// The field that identifies records (`id`).
    public let idFieldName: String
    private let lock = NSLock()
    private var store = RecordStore()
    private var nextLayerID = 0
    private var subscriptions: [Int: Subscription] = [:]
    private var subscriptionsByRecord: [DataID: Set<Int>] = [:]
    private var nextSubscriptionID = 0
    private var retention: Retention
    /// A collection asked for while optimistic layers were in place; it runs when the last goes.
    private var collectionDeferred = false

    /// - Parameters:
    ///   - idFieldName: the field that identifies records.
    ///   - releaseBufferSize: how many released operations keep their data reachable after
    ///     `dispose()`, so returning to a screen just left needs no network (Relay's
    ///     `gcReleaseBufferSize`).
    public init(network: any Network, idFieldName: String = "id", releaseBufferSize: Int = 10) {
        self.network = network
        self.idFieldName = idFieldName
        retention = Retention(releaseBufferSize: releaseBufferSize)
    }

    // MARK: Retaining and garbage collection

    /// Keeps the operation's records in the store until the returned value is disposed. Every
    /// record no retained operation (or buffered released one, or live subscription) reaches
    /// is removed by the next garbage collection.
    public func retain<Op: Operation>(_ operation: Op) -> Disposable {
        let root = Retention.Root(selections: Op.node.operation.selections, variables: operation.variables.variableData)
        let id = lock.withLock { retention.retain(root) }
        return Disposable { [weak self] in self?.release(id) }
    }

    private func release(_ id: Int) {
        lock.withLock {
            if retention.release(id) { collectGarbageLocked() }
        }
    }

    /// Removes the records nothing reaches now. Runs by itself when a retained operation is
    /// disposed; while optimistic mutations are in flight it waits until they finish.
    /// Returns how many records were removed.
    @discardableResult
    public func collectGarbage() -> Int {
        lock.withLock { collectGarbageLocked() }
    }

    /// Must hold the lock.
    @discardableResult
    private func collectGarbageLocked() -> Int {
        guard !store.hasLayers else {
            collectionDeferred = true
            return 0
        }
        collectionDeferred = false
        var marker = ReferenceMarker(source: store.base)
        for root in retention.roots { marker.mark(root) }
        marker.mark(subscriptionsByRecord.filter { !$0.value.isEmpty }.keys)
        return store.removeRecords(keeping: marker.marked)
    }

    // MARK: Reading

    /// The records as readers see them now (the server's data with optimistic layers on top).
    public var records: RecordSource { lock.withLock { store.visible } }

    /// The operation's data as the store has it now.
    public func lookup<Op: Operation>(_ operation: Op) -> Snapshot<Op.Data> {
        Self.read(operation, from: lock.withLock { store.visible })
    }

    /// The operation's data in `source`.
    private static func read<Op: Operation>(_ operation: Op, from source: RecordSource) -> Snapshot<Op.Data> {
        read(
            Op.Data.self, Op.node.fragment.selections, from: .root, variables: operation.variables.variableData,
            owner: Op.node.params.name, source: source)
    }

    /// The records a response's `data` for the operation writes, given the store `existing`,
    /// and the edits its directives ask for.
    private func normalize<Op: Operation>(_ data: VariableValue, for operation: Op, existing: RecordSource)
        -> NormalizedPayload
    {
        Normalizer.normalize(
            data, rootID: .root, rootType: nil, selections: Op.node.operation.selections,
            variables: operation.variables.variableData, existing: existing, idFieldName: idFieldName)
    }

    /// The fragment's data, read from the record its pointer names.
    public func lookup<F: Fragment>(_ fragment: F) -> Snapshot<F.Data> {
        let source = lock.withLock { store.visible }
        let pointer = fragment.fragmentPointer
        return Self.read(
            F.Data.self, F.node.selections, from: pointer.id, variables: pointer.variables, owner: pointer.ownerName,
            source: source)
    }

    static func read<Data: Decodable & Sendable>(
        _ type: Data.Type, _ selections: [ReaderSelection], from id: DataID, variables: VariableData, owner: String?,
        source: RecordSource
    ) -> Snapshot<Data> {
        var reader = Reader(source: source, variables: variables, ownerName: owner)
        let value = reader.read(selections, from: id)
        // Partial data still decodes when the generated type tolerates the gaps (optionals).
        let data = value.flatMap { try? ValueDecoder.decode(Data.self, from: $0) }
        return Snapshot(
            data: data, isMissingData: reader.isMissingData || (value != nil && data == nil),
            seenRecords: reader.seenRecords)
    }

    // MARK: Subscribing

    private struct Subscription {
        /// Reads the current data; returns the records read and whether the data changed.
        let refresh: (RecordSource) -> Set<DataID>
    }

    /// Snapshots of the operation's data: the current one at once, then one each time a record
    /// it read changes and the data with it.
    public func subscribe<Op: Operation>(_ operation: Op) -> AsyncStream<Snapshot<Op.Data>> {
        let variables = operation.variables.variableData
        return subscribe(
            Op.Data.self, Op.node.fragment.selections, id: .root, variables: variables, owner: Op.node.params.name)
    }

    /// Snapshots of the fragment's data, as `subscribe(_:)` for operations.
    public func subscribe<F: Fragment>(_ fragment: F) -> AsyncStream<Snapshot<F.Data>> {
        let pointer = fragment.fragmentPointer
        return subscribe(
            F.Data.self, F.node.selections, id: pointer.id, variables: pointer.variables, owner: pointer.ownerName)
    }

    private func subscribe<Data: Decodable & Sendable & Equatable>(
        _ type: Data.Type, _ selections: [ReaderSelection], id: DataID, variables: VariableData, owner: String?
    ) -> AsyncStream<Snapshot<Data>> {
        let (stream, continuation) = AsyncStream<Snapshot<Data>>.makeStream(bufferingPolicy: .bufferingNewest(16))
        lock.withLock {
            let subscriptionID = nextSubscriptionID
            nextSubscriptionID += 1
            var last: Snapshot<Data>?
            let refresh: (RecordSource) -> Set<DataID> = { source in
                let snapshot = Self.read(type, selections, from: id, variables: variables, owner: owner, source: source)
                if last == nil || last?.data != snapshot.data || last?.isMissingData != snapshot.isMissingData {
                    continuation.yield(snapshot)
                }
                last = snapshot
                return snapshot.seenRecords
            }
            subscriptions[subscriptionID] = Subscription(refresh: refresh)
            index(subscriptionID, records: refresh(store.visible))
            continuation.onTermination = { [weak self] _ in self?.unsubscribe(subscriptionID) }
        }
        return stream
    }

    private func unsubscribe(_ id: Int) {
        lock.withLock {
            subscriptions[id] = nil
            for record in subscriptionsByRecord.keys { subscriptionsByRecord[record]?.remove(id) }
        }
    }

    /// Must hold the lock.
    private func index(_ subscriptionID: Int, records: Set<DataID>) {
        for record in records { subscriptionsByRecord[record, default: []].insert(subscriptionID) }
    }

    /// Re-reads only the subscriptions that read a changed record. Must hold the lock.
    private func notify(_ changed: Set<DataID>) {
        var affected: Set<Int> = []
        for record in changed { affected.formUnion(subscriptionsByRecord[record] ?? []) }
        for subscriptionID in affected.sorted() {
            guard let subscription = subscriptions[subscriptionID] else { continue }
            index(subscriptionID, records: subscription.refresh(store.visible))
        }
    }

    // MARK: Writing

    /// Normalizes a response's data for `Op` into the store and notifies subscribers.
    public func commitPayload<Op: Operation>(_ operation: Op, data: VariableValue) {
        lock.withLock { notify(publishLocked(operation, data: data)) }
    }

    /// Writes a server response (and `updater`) into the base; returns the records whose
    /// visible content changed, for the caller to notify once. Must hold the lock.
    private func publishLocked<Op: Operation>(_ operation: Op, data: VariableValue, updater: Updater? = nil)
        -> Set<DataID>
    {
        let payload = normalize(data, for: operation, existing: store.base)
        return store.publish(payload.records, updater: Self.storeUpdater(payload, updater, data: data))
    }

    /// One updater running a response's declarative edits, then the caller's `updater` (which
    /// sees the response's root fields); nil when there is nothing to run.
    private static func storeUpdater(_ payload: NormalizedPayload?, _ updater: Updater?, data: VariableValue?)
        -> ((RecordSourceSelectorProxy) -> Void)?
    {
        let edits = payload?.edits ?? []
        guard !edits.isEmpty || updater != nil else { return nil }
        let rootFields = Self.rootFields(payload?.records)
        return { proxy in
            proxy.setRootFields(rootFields)
            for edit in edits { edit.apply(to: proxy) }
            updater?(proxy, data)
        }
    }

    /// Runs an updater against the store outside of any mutation (a local change).
    public func commitUpdate(_ updater: @escaping Updater) {
        lock.withLock { notify(store.publish(RecordSource(), updater: { updater($0, nil) })) }
    }

    // MARK: Fetching

    /// The query's data, from the store and/or the network as `fetchPolicy` says.
    public func fetchQuery<Op: Operation>(_ operation: Op, fetchPolicy: FetchPolicy = .storeOrNetwork) async throws
        -> Op.Data
    {
        if fetchPolicy == .storeOnly || fetchPolicy == .storeOrNetwork {
            let snapshot = lookup(operation)
            if !snapshot.isMissingData, let data = snapshot.data { return data }
            if fetchPolicy == .storeOnly {
                throw RelayError.missingData("the store lacks data for \(Op.node.params.name)")
            }
        }
        let data = try await execute(operation)
        // Written and read under one lock, so a garbage collection cannot come in between.
        return try lock.withLock {
            notify(publishLocked(operation, data: data))
            return try Self.readResponse(operation, from: store.visible)
        }
    }

    /// The operation's data just after its response was written.
    private static func readResponse<Op: Operation>(_ operation: Op, from source: RecordSource) throws -> Op.Data {
        guard let result = read(operation, from: source).data else {
            throw RelayError.missingData("the response to \(Op.node.params.name) lacks data it selects")
        }
        return result
    }

    /// Sends the operation and returns its response's `data`; `errors` without data throw.
    func execute<Op: Operation>(_ operation: Op) async throws -> VariableValue {
        try await executeKeepingErrors(operation).data
    }

    /// Sends the operation and returns its response's `data` with any `errors` that came with
    /// it (partial data); `errors` without data throw.
    func executeKeepingErrors<Op: Operation>(_ operation: Op) async throws -> (
        data: VariableValue, errors: [GraphQLError]
    ) {
        var variables = operation.variables.variableData
        for name in Op.node.params.clientVariables { variables.fields[name] = nil }
        let bytes = try await network.execute(request: Op.node.params, variables: variables)
        let response = try VariableValue.parse(bytes)
        let errors = GraphQLError.list(in: response["errors"])
        guard let data = response["data"], data != .null else {
            throw errors.isEmpty ? RelayError.invalidResponse("the response has no data") : RelayError.graphQL(errors)
        }
        if !errors.isEmpty, case .object(let fields) = data, fields.values.allSatisfy({ $0 == .null }) {
            throw RelayError.graphQL(errors)
        }
        return (data, errors)
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
        let optimistic = optimisticResponse.flatMap { VariableValue(json: $0) }
        let layerID = applyOptimistic(operation, data: optimistic, updater: optimisticUpdater)
        Task {
            do {
                completion(.success(try await self.finishMutation(operation, layerID: layerID, updater: updater)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// `commitMutation` with the optimistic response as a value.
    public func commitMutation<Op: Operation>(
        _ operation: Op, optimisticData: VariableValue?, optimisticUpdater: Updater? = nil, updater: Updater? = nil
    ) async throws -> Op.Data {
        let layerID = applyOptimistic(operation, data: optimisticData, updater: optimisticUpdater)
        return try await finishMutation(operation, layerID: layerID, updater: updater)
    }

    private func applyOptimistic<Op: Operation>(_ operation: Op, data: VariableValue?, updater: Updater?) -> Int? {
        guard data != nil || updater != nil else { return nil }
        return lock.withLock {
            let payload = data.map { normalize($0, for: operation, existing: store.visible) }
            let layerID = nextLayerID
            nextLayerID += 1
            let layer = RecordStore.Layer(
                id: layerID, payload: payload?.records, updater: Self.storeUpdater(payload, updater, data: data))
            notify(store.addLayer(layer))
            return layerID
        }
    }

    private func finishMutation<Op: Operation>(_ operation: Op, layerID: Int?, updater: Updater?) async throws
        -> Op.Data
    {
        let response: (data: VariableValue, errors: [GraphQLError])
        do {
            response = try await executeKeepingErrors(operation)
        } catch {
            if let layerID { lock.withLock { finishLayerLocked(layerID, changed: []) } }
            throw error
        }
        return try lock.withLock {
            // The layer's removal and the server's answer reach subscribers as one change.
            let changed = publishLocked(operation, data: response.data, updater: updater)
            finishLayerLocked(layerID, changed: changed)
            // A mutation the server answered with errors failed, even when part of its data
            // came back: that part is in the store (it is the server's), the caller gets the
            // errors.
            guard response.errors.isEmpty else { throw RelayError.graphQL(response.errors) }
            return try Self.readResponse(operation, from: store.visible)
        }
    }

    /// Removes a finished mutation's optimistic layer and notifies subscribers of it and of
    /// `changed`; runs a collection deferred while layers were in place. Must hold the lock.
    private func finishLayerLocked(_ layerID: Int?, changed: Set<DataID>) {
        var changed = changed
        if let layerID { changed.formUnion(store.removeLayer(id: layerID)) }
        notify(changed)
        if collectionDeferred, !store.hasLayers { collectGarbageLocked() }
    }

    /// The records the root fields of a response point to, for `getRootField`.
    private static func rootFields(_ payload: RecordSource?) -> [String: DataID?] {
        guard let root = payload?[.root] else { return [:] }
        var fields: [String: DataID?] = [:]
        for (key, value) in root.fields {
            guard case .link(let id) = value else { continue }
            let name = key.split(separator: "(", maxSplits: 1).first.map(String.init) ?? key
            fields[name] = id
            fields[key] = id
        }
        return fields
    }
}
