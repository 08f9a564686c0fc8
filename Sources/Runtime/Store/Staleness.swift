import Foundation

/// How fresh the store's data is, after relay-runtime's write epochs and invalidation: every
/// write to the server's data is an epoch; an operation remembers the epoch and time its
/// response was last written; `invalidateStore()` marks every operation written before it
/// stale, `invalidateRecord()` every operation reaching the record; and with a query cache
/// expiration time, data that old is stale too.
///
/// A value type without a lock: `RecordStore` owns one and guards it.
struct Staleness {
    /// What an updater asked to invalidate (its `invalidateStore()` / `invalidateRecord()`).
    struct Invalidation: Equatable {
        var store = false
        var records: Set<DataID> = []
        var isEmpty: Bool { !store && records.isEmpty }
    }

    private(set) var epoch = 0
    private(set) var storeInvalidatedAt: Int?
    private(set) var recordsInvalidatedAt: [DataID: Int] = [:]
    private var writes: [String: Environment.OperationWrite] = [:]

    /// Counts a write to the server's data: the operation it wrote the response of (nil for an
    /// updater's write) and what its updaters invalidated. Returns what changed, for storage.
    @discardableResult
    mutating func recordWrite(of operation: String?, invalidating invalidation: Invalidation, at now: Date)
        -> Environment.StoreChanges
    {
        epoch += 1
        if invalidation.store { storeInvalidatedAt = epoch }
        var changes = Environment.StoreChanges(epoch: epoch, storeInvalidatedAt: storeInvalidatedAt)
        for id in invalidation.records {
            recordsInvalidatedAt[id] = epoch
            changes.invalidatedAt[id] = epoch
        }
        if let operation {
            let write = Environment.OperationWrite(epoch: epoch, fetchTime: now)
            writes[operation] = write
            changes.operations[operation] = write
        }
        return changes
    }

    /// Starts from what storage kept.
    mutating func restore(from stored: Environment.StoreChanges) {
        epoch = stored.epoch
        storeInvalidatedAt = stored.storeInvalidatedAt
        recordsInvalidatedAt = stored.invalidatedAt
        writes = stored.operations
    }

    var hasInvalidatedRecords: Bool { !recordsInvalidatedAt.isEmpty }

    /// The availability of an operation whose response reaches `reached`, in the order of
    /// relay-runtime's `check`: stale when the store was invalidated since it was written (or it
    /// never was), stale when a record it reaches was invalidated since (checked before missing
    /// data, as Relay's `DataChecker` notes invalidation on the way), missing when data is,
    /// stale when its response is `expiration` old or older, else available.
    func availability(
        of operation: String, reaching reached: Set<DataID>, isComplete: Bool, expiration: TimeInterval?, now: Date
    ) -> Environment.Availability {
        let written = writes[operation]
        if let storeInvalidatedAt, written.map({ $0.epoch <= storeInvalidatedAt }) ?? true { return .stale }
        let invalidated = reached.lazy.compactMap { recordsInvalidatedAt[$0] }.max()
        // A record invalidated in the very write of the response is not stale (as in Relay).
        if let invalidated, written.map({ invalidated > $0.epoch }) ?? true { return .stale }
        guard isComplete else { return .missing }
        if let written, isExpired(written, expiration: expiration, now: now) { return .stale }
        return .available(fetchTime: written?.fetchTime)
    }

    /// The last write of an operation's response (its first payload's, for one in parts).
    func lastWrite(of operation: String) -> Environment.OperationWrite? {
        writes[operation]
    }

    /// Whether a response written then is stale by age: as in Relay, at exactly `expiration`
    /// seconds already (`fetchTime <= now - expiration`).
    func isExpired(_ write: Environment.OperationWrite, expiration: TimeInterval?, now: Date) -> Bool {
        guard let expiration else { return false }
        return now.timeIntervalSince(write.fetchTime) >= expiration
    }

    /// Whether one of `ids` (or the store) was invalidated after `epoch`.
    func invalidated(_ ids: Set<DataID>, since epoch: Int) -> Bool {
        if let storeInvalidatedAt, storeInvalidatedAt > epoch { return true }
        return ids.contains { (recordsInvalidatedAt[$0] ?? 0) > epoch }
    }

    /// Forgets the marks of records garbage collection removed, and the writes of operations
    /// nothing retains; returns the operations forgotten.
    @discardableResult
    mutating func forget(records removed: Set<DataID>, operationsNotIn retained: Set<String>) -> Set<String> {
        for id in removed { recordsInvalidatedAt[id] = nil }
        let forgotten = Set(writes.keys.filter { !retained.contains($0) })
        for key in forgotten { writes[key] = nil }
        return forgotten
    }
}

extension Environment {
    /// What the store has of an operation (Relay's `environment.check(operation)`), which fetch
    /// policies decide on.
    public enum Availability: Equatable, Sendable {
        /// Every field is there and fresh; `fetchTime` is when its response was last written
        /// (nil for data that came with other operations).
        case available(fetchTime: Date?)
        /// Invalidated since its response was written (the store, or a record the operation
        /// reaches: then whether fields are missing is not asked), or its every field there but
        /// as old as the query cache expiration time or older: `storeOrNetwork` and
        /// `storeAndNetwork` fetch it again, and do not show it meanwhile.
        case stale
        /// Some field is not in the store, and nothing it reaches was invalidated since.
        case missing
    }
}
