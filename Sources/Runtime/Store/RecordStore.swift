import Foundation
@_spi(RelayGenerated) import RelayContract

/// The normalized store, after relay-runtime's `RelayModernStore`: the records with their
/// optimistic layers (`PublishQueue`), the operations retained, and the subscriptions reading
/// them. Every write is one step under the lock that returns the records it changed; the
/// subscriptions reading those are then notified outside the lock (`RecordSubscriptions`).
///
/// Thread-safe: every method may be called from any task.
final class RecordStore: @unchecked Sendable {
    typealias StoreUpdater = PublishQueue.StoreUpdater

    private let lock = NSLock()
    private var queue = PublishQueue()
    private var subscriptions = RecordSubscriptions()
    private var retention: Retention
    private var nextLayerID = 0
    /// Connections' node sets for normalization, which runs under the lock.
    let connectionIndex = ConnectionNodeIndex()
    /// A collection asked for while it could not run (optimistic layers in place, or a delivery
    /// whose subscribers are not indexed yet); it runs when that is over.
    private var collectionDeferred = false

    /// The handlers normalization, garbage collection and the availability check run.
    let handlers: FieldHandlers
    /// The Relay Resolver values read from this store; pruned with its records.
    let resolverCache: any RecordDerivedValues
    /// Write epochs, invalidation and fetch times (`check`).
    private var staleness = Staleness()
    /// Who waits to hear of invalidation, by subscription: the records they care about.
    private var invalidationSubscribers: [Int: (ids: Set<DataID>, tell: @Sendable (Set<DataID>) -> Void)] = [:]
    private var nextInvalidationSubscriber = 0
    /// The clock fetch times are read from (a test's own clock).
    let now: @Sendable () -> Date
    /// How long a query's response counts as fresh, in seconds (Relay's
    /// `queryCacheExpirationTime`); nil for until invalidated.
    let queryCacheExpirationTime: TimeInterval?
    /// Where the server's data is saved, write by write; nil in memory only, or after a
    /// failure to save (reported to `onStorageFailure`).
    private var storage: (any Environment.RecordStorage)?
    private let onStorageFailure: @Sendable (any Error) -> Void
    /// A failure to save, reported once the lock is released.
    private var storageFailure: (any Error)?
    /// Told of writes, notifications and collections, once the lock is released.
    private let log: EventLog
    /// Collections run under the lock, logged once it is released.
    private var collectionsToLog: [Int] = []

    /// The store an environment's configuration describes; what storage kept is read now.
    init(_ configuration: Environment.Configuration, resolvers: any RecordDerivedValues, log: EventLog) {
        self.log = log
        resolverCache = resolvers
        handlers = FieldHandlers(provider: configuration.handlerProvider)
        now = configuration.now
        queryCacheExpirationTime = configuration.queryCacheExpirationTime
        let onStorageFailure = configuration.onStorageFailure
        self.onStorageFailure = onStorageFailure
        retention = Retention(releaseBufferSize: configuration.releaseBufferSize)
        if let storage = configuration.storage {
            // What storage kept is the base to start from; one that cannot be read is reported
            // and not used (its writes would not follow from what is in memory).
            do {
                let stored = try storage.load()
                if storage.loadsLazily {
                    queue.restore(lazily: StoredRecords { id in (try? storage.loadRecord(id)) ?? nil })
                } else {
                    queue.restore(stored.records)
                    retention.restore(keeping: Set(stored.records.keys))
                }
                staleness.restore(from: stored)
                self.storage = storage
            } catch {
                onStorageFailure(error)
            }
        }
    }

    /// The records as readers see them now (the server's data with optimistic layers on top).
    var visible: RecordSource { lock.withLock { queue.visible } }

    // MARK: Writing

    /// Writes server data to the base: `payload` builds the records (and the updater to run after
    /// them) from the base as it is, in the same step. Removes the optimistic layer `finishing`
    /// in that step too, so subscribers see the layer's removal and the server's answer as one
    /// change. Returns the source as the write left it.
    /// `operation` is the identity of the operation whose response this is: its write time is
    /// what `availability` compares invalidation and expiration with.
    /// When `payload` throws (a response that does not fit its operation), nothing is written
    /// and the layer stays.
    @discardableResult
    func publish<Failure: Error>(
        finishing layer: Int? = nil, operation: String? = nil,
        _ payload: (RecordSource) throws(Failure) -> (RecordSource, StoreUpdater?)
    ) throws(Failure) -> RecordSource {
        var invalidation = Staleness.Invalidation()
        let source = try write(operation: operation) { queue throws(Failure) in
            let (records, updater) = try payload(queue.base)
            let published = queue.publish(records, updater: updater, finishing: layer)
            var changes = staleness.recordWrite(of: operation, invalidating: published.invalidation, at: now())
            invalidation = published.invalidation
            for id in published.baseChanged { changes.records[id] = queue.base.records[id] ?? nil }
            save(changes)
            return published.changed
        }
        if !invalidation.isEmpty { tellInvalidationSubscribers(invalidation) }
        return source
    }

    /// Hands storage one write's changes (under the lock, so writes are saved in order). A
    /// failure ends saving: what is stored stays a prefix of the writes, and memory goes on.
    private func save(_ changes: Environment.StoreChanges) {
        guard let storage else { return }
        do {
            try storage.save(changes)
        } catch {
            self.storage = nil
            storageFailure = error
        }
    }

    /// Tells the app of a failure to save, and the log of collections (outside the lock).
    private func reportStorageFailure() {
        let (failure, collections) = lock.withLock {
            defer {
                storageFailure = nil
                collectionsToLog = []
            }
            return (storageFailure, collectionsToLog)
        }
        if let failure { onStorageFailure(failure) }
        for removed in collections { log(.storeGarbageCollection(removedRecords: removed)) }
    }

    // MARK: Staleness

    /// What the store has of an operation (relay-runtime's `check`): missing, stale (the store
    /// or a record it reaches invalidated since its response was written, or that response
    /// as old as `queryCacheExpirationTime`), or available. `isComplete` is what the caller
    /// already found of the data (nil: found here).
    func availability(
        of selections: [NormalizationSelection], variables: VariableData, operation: String,
        isComplete known: Bool? = nil
    ) -> Environment.Availability {
        lock.withLock {
            let source = queue.visible
            let isComplete =
                known
                ?? DataChecker(source: source, variables: variables, handlers: handlers)
                .isAvailable(selections, from: .root)
            var reached: Set<DataID> = []
            if staleness.hasInvalidatedRecords {
                var marker = ReferenceMarker(source: source, handlers: handlers)
                marker.mark(Retention.Root(selections: selections, variables: variables))
                reached = marker.marked
            }
            return staleness.availability(
                of: operation, reaching: reached, isComplete: isComplete, expiration: queryCacheExpirationTime,
                now: now())
        }
    }

    /// When the operation `identity`'s response was last written.
    func lastWrite(of identity: String) -> Environment.OperationWrite? {
        lock.withLock { staleness.lastWrite(of: identity) }
    }

    /// Whether any operation may be stale: something was invalidated, or data expires.
    var mayBeStale: Bool {
        queryCacheExpirationTime != nil
            || lock.withLock { staleness.storeInvalidatedAt != nil || staleness.hasInvalidatedRecords }
    }

    /// A stream that yields the ones of `ids` invalidated, each time one is (all of them when
    /// the store is; relay-runtime's `subscribeToInvalidationState`); it ends when the consumer
    /// stops iterating.
    func invalidations(of ids: Set<DataID>) -> AsyncStream<Set<DataID>> {
        let (stream, continuation) = AsyncStream<Set<DataID>>.makeStream()
        let tell: @Sendable (Set<DataID>) -> Void = { continuation.yield($0) }
        let id = lock.withLock {
            defer { nextInvalidationSubscriber += 1 }
            invalidationSubscribers[nextInvalidationSubscriber] = (ids, tell)
            return nextInvalidationSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.lock.withLock { self?.invalidationSubscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells the subscribers whose records (or any, for the store) `invalidation` names.
    private func tellInvalidationSubscribers(_ invalidation: Staleness.Invalidation) {
        let told = lock.withLock {
            invalidationSubscribers.values.compactMap { subscriber -> (@Sendable (Set<DataID>) -> Void, Set<DataID>)? in
                let invalidated =
                    invalidation.store ? subscriber.ids : subscriber.ids.intersection(invalidation.records)
                return invalidated.isEmpty ? nil : (subscriber.tell, invalidated)
            }
        }
        for (tell, ids) in told { tell(ids) }
    }

    /// Adds an optimistic layer: `layer` builds its records and updater from the records as
    /// readers see them. Returns the layer's id, for `removeLayer`.
    func addLayer<Failure: Error>(_ layer: (RecordSource) throws(Failure) -> (RecordSource?, StoreUpdater?))
        throws(Failure) -> Int
    {
        var id = 0
        try write(optimistic: true) { queue throws(Failure) in
            let (records, updater) = try layer(queue.visible)
            id = nextLayerID
            nextLayerID += 1
            return queue.addLayer(PublishQueue.Layer(id: id, payload: records, updater: updater))
        }
        return id
    }

    /// Rolls an optimistic layer back (the later ones stay, rebased).
    func removeLayer(_ id: Int) {
        write(optimistic: true) { queue in queue.removeLayer(id: id) }
    }

    /// Runs `change` under the lock, queues the notification of what it changed, runs a
    /// collection that waited for it, and delivers outside the lock. Returns the source as the
    /// change left it. `operation` and `optimistic` say what it is, for the log.
    @discardableResult
    private func write<Failure: Error>(
        operation: String? = nil, optimistic: Bool = false,
        _ change: (inout PublishQueue) throws(Failure) -> Set<DataID>
    ) throws(Failure) -> RecordSource {
        lock.lock()
        let changed: Set<DataID>
        do {
            changed = try change(&queue)
        } catch {
            lock.unlock()
            throw error
        }
        subscriptions.enqueue(changed: changed) { queue.visible }
        if collectionDeferred { collectGarbageLocked() }
        let source = queue.visible
        lock.unlock()
        log(.storePublish(operation: operation, optimistic: optimistic, changedRecords: changed))
        log(.storeNotifyStart(changedRecords: changed))
        deliverNotifications()
        log(.storeNotifyComplete(changedRecords: changed))
        resolverCache.endRetiredSubscriptions()
        reportStorageFailure()
        return source
    }

    /// Tells the subscriptions that read `ids` to read again, though no record changed: a live
    /// Relay Resolver's state did.
    func notifyReaders(of ids: Set<DataID>) {
        lock.withLock { subscriptions.enqueue(changed: ids) { queue.visible } }
        deliverNotifications()
    }

    // MARK: Retaining and garbage collection

    func retain(_ root: Retention.Root) -> Int {
        lock.withLock { retention.retain(root) }
    }

    /// Releases a retained operation into the release buffer, unless its response is expired:
    /// as in Relay, its data is then collected at once (and its write time forgotten).
    func release(_ id: Int) {
        lock.withLock {
            // Only with an expiration time can a response be expired.
            let write = queryCacheExpirationTime == nil ? nil : retention.key(of: id).flatMap(staleness.lastWrite)
            let isExpired = write.map { staleness.isExpired($0, expiration: queryCacheExpirationTime, now: now()) }
            if retention.release(id, keepingInBuffer: isExpired != true) { collectGarbageLocked() }
        }
        resolverCache.endRetiredSubscriptions()
        reportStorageFailure()
    }

    /// Removes the records nothing reaches; see `Environment.collectGarbage()`.
    func collectGarbage() -> Int {
        defer {
            resolverCache.endRetiredSubscriptions()
            reportStorageFailure()
        }
        return lock.withLock { collectGarbageLocked() }
    }

    /// Must hold the lock.
    @discardableResult
    private func collectGarbageLocked() -> Int {
        // Layers may point at any record; subscribers being delivered may have read records
        // they are not indexed under yet.
        guard !queue.hasLayers, subscriptions.isIdle else {
            collectionDeferred = true
            return 0
        }
        collectionDeferred = false
        var marker = ReferenceMarker(source: queue.base, handlers: handlers)
        for root in retention.roots { marker.mark(root) }
        marker.mark(subscriptions.readRecords)
        let removed = queue.removeRecords(keeping: marker.marked)
        connectionIndex.forget { marker.marked.contains($0) }
        let forgotten = staleness.forget(
            records: removed.ids, operationsNotIn: Set(retention.roots.compactMap(\.key)))
        if removed.count > 0 || !forgotten.isEmpty {
            var changes = Environment.StoreChanges(
                epoch: staleness.epoch, storeInvalidatedAt: staleness.storeInvalidatedAt)
            changes.removed = removed.ids
            changes.forgottenOperations = forgotten
            save(changes)
        }
        if removed.count > 0 { resolverCache.prune { marker.marked.contains($0) } }
        if log.isOn { collectionsToLog.append(removed.count) }
        return removed.count
    }

    // MARK: Subscribing

    /// Snapshots of `selector`'s data: the current one first, then one each time a record it
    /// read changes and the data with it. Ends when the consumer stops iterating.
    /// `onMissingClientEdges` hears of client edges a snapshot could not follow.
    func subscribe<Selector: SnapshotReading>(
        _ selector: Selector, onMissingClientEdges: (@Sendable ([MissingClientEdge]) -> Void)? = nil
    ) -> AsyncStream<Snapshot<Selector.Data>> {
        let (stream, continuation) = AsyncStream<Snapshot<Selector.Data>>.makeStream(
            bufferingPolicy: .bufferingNewest(16))
        // Only the delivering caller refreshes, one at a time, so `last` needs no lock.
        var last: Snapshot<Selector.Data>?
        let refresh: (RecordSource) -> Set<DataID> = { source in
            let snapshot = selector.read(from: source, resolverCache: self.resolverCache)
            if !snapshot.missingClientEdges.isEmpty { onMissingClientEdges?(snapshot.missingClientEdges) }
            if last == nil || last?.data != snapshot.data || last?.isMissingData != snapshot.isMissingData
                || last?.invalidValue != snapshot.invalidValue
            {
                continuation.yield(snapshot)
            }
            last = snapshot
            return snapshot.seenRecords
        }
        let id = lock.withLock { subscriptions.add(source: queue.visible, refresh: refresh) }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        deliverNotifications()
        return stream
    }

    private func unsubscribe(_ id: Int) {
        lock.withLock { subscriptions.remove(id) }
    }

    /// Delivers queued notifications until the queue is empty, unless another caller already
    /// is (it delivers these too, in order).
    private func deliverNotifications() {
        guard var delivery = lock.withLock({ subscriptions.beginDelivery() }) else { return }
        while true {
            let results = delivery.subscribers.map { subscriber in (subscriber, subscriber.refresh(delivery.source)) }
            let next = lock.withLock {
                let next = subscriptions.finishDelivery(results)
                if next == nil, collectionDeferred { collectGarbageLocked() }
                return next
            }
            guard let next else {
                // A collection that waited for this delivery may have dropped live resolvers.
                resolverCache.endRetiredSubscriptions()
                reportStorageFailure()
                return
            }
            delivery = next
        }
    }
}
