import Foundation

extension Environment {
    /// Where the store's server data outlives the process: a file, with `RelayPersistence`'s
    /// `SQLiteRecordStorage`. The environment reads it once when it is made, then hands it
    /// what each write to the server's data changed, in order — never an optimistic layer.
    public protocol RecordStorage: AnyObject, Sendable {
        /// Everything stored: records, invalidation marks, operations' write times.
        func load() throws -> StoreChanges
        /// One write's changes, all or nothing. A failure stops the storage (the environment
        /// reports it and goes on in memory), so what is stored stays a prefix of the writes.
        func save(_ changes: StoreChanges) throws
        /// True when `load()` leaves records out, for `loadRecord` to read each the first time
        /// the store looks it up: a large file opens at once, and memory holds what is used.
        var loadsLazily: Bool { get }
        /// One stored record, for a storage that loads lazily: nil when none is stored,
        /// `.some(nil)` when it is stored as deleted. A failure reads as nothing stored.
        func loadRecord(_ id: DataID) throws -> Record??
    }

    /// A change to the stored store (or, loaded, the whole of it): what the store's own
    /// bookkeeping keeps besides the records, so staleness survives a restart.
    public struct StoreChanges: Sendable, Equatable {
        /// Records written, by id; nil for a record deleted (which reads as null, not missing).
        public var records: [DataID: Record?] = [:]
        /// Records garbage collection removed (which read as missing again).
        public var removed: Set<DataID> = []
        /// The store's write epoch after the change.
        public var epoch = 0
        /// When the whole store was last invalidated, as an epoch.
        public var storeInvalidatedAt: Int?
        /// Records invalidated (by this change), with their epoch.
        public var invalidatedAt: [DataID: Int] = [:]
        /// Operations written (by this change): the epoch and time of their response.
        public var operations: [String: OperationWrite] = [:]
        /// Operations whose write times garbage collection forgot.
        public var forgottenOperations: Set<String> = []

        public init() {}

        init(epoch: Int, storeInvalidatedAt: Int?) {
            self.epoch = epoch
            self.storeInvalidatedAt = storeInvalidatedAt
        }
    }

    /// When an operation's response was last written: the store's epoch then, and the time.
    public struct OperationWrite: Sendable, Equatable {
        public var epoch: Int
        public var fetchTime: Date

        public init(epoch: Int, fetchTime: Date) {
            self.epoch = epoch
            self.fetchTime = fetchTime
        }
    }
}

/// Storage read whole at start by default.
extension Environment.RecordStorage {
    public var loadsLazily: Bool { false }
    public func loadRecord(_ id: DataID) throws -> Record?? { nil }
}
