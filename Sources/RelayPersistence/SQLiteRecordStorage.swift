import CSQLite
import Foundation
@_spi(RelayGenerated) import Relay

/// The store's server data in an SQLite file, so it outlives the process: what the app showed is
/// there at the next start, offline too. Give it to the environment:
///
///     let opened = SQLiteRecordStorage.open(path: url.path, schemaOf: TodoListQuery.self)
///     if let problem = opened.problem { log(problem) }  // a fresh file, or in memory only
///     let environment = Environment(network: network) { $0.storage = opened.storage }
///
/// - **Each write, one transaction.** Every write to the server's data (a response, an
///   updater, a collection) saves only the records it changed, with the store's epoch,
///   invalidation marks and the operation's fetch time, all or nothing, in WAL mode. Optimistic
///   layers never reach the file.
/// - **Read whole at start, or lazily.** `open` reads every record; the environment starts from
///   them, and garbage collection keeps them until the app has retained its queries again. With
///   `loadsLazily`, it reads each record the first time the store looks it up instead.
/// - **Never misread.** The file records its format and the app's `schemaVersion`: another one
///   empties it (`.discarded`). A file SQLite cannot read, or a record that does not decode, is
///   moved aside (`<path>.unreadable`) and a fresh file made (`.unreadable`). A file that cannot
///   be opened at all leaves the environment in memory (`.cannotOpen`).
/// - **Offline mutations.** It is also an `Environment.MutationQueueStorage`: pass it in
///   `Environment.OfflineMutations` and queued mutations wait in the same file. They are the
///   user's work: a schema version change keeps them (the queue sends them, and reports those
///   the server refuses).
/// - **Two processes** may open one file: SQLite serializes their writes (waiting up to five
///   seconds for the other's), each process reads the file once at open, and neither sees the
///   other's later writes in memory.
public final class SQLiteRecordStorage: Environment.RecordStorage, Environment.MutationQueueStorage,
    @unchecked Sendable
{
    /// Why storage started fresh, or not at all.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// The file was not a readable store; it was moved aside and a fresh one made.
        case unreadable(path: String, reason: String)
        /// The file held another format or schema version; it was emptied.
        case discarded(reason: String)
        /// No storage: the file could not be opened or made.
        case cannotOpen(path: String, reason: String)
        /// A write failed: the disk is full.
        case full(path: String)
        /// A write failed: the file (or its folder) is read-only.
        case readOnly(path: String)
        /// A write failed for another reason, in SQLite's words.
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason):
                "the store at \(path) could not be read (\(reason)); it was moved aside and a fresh one made"
            case .discarded(let reason): "the stored records were discarded: \(reason)"
            case .cannotOpen(let path, let reason): "no store could be opened at \(path): \(reason)"
            case .full(let path): "the store at \(path) cannot be written: the disk is full"
            case .readOnly(let path): "the store at \(path) cannot be written: it is read-only"
            case .cannotWrite(let path, let reason): "the store at \(path) cannot be written: \(reason)"
            }
        }
    }

    /// What opening gave: the storage (nil when none could be made) and why it starts fresh.
    public struct Opened: Sendable {
        public let storage: SQLiteRecordStorage?
        public let problem: Problem?
    }

    /// The layout of the file; another one is discarded rather than misread.
    static let format = "relay-swift-records-1"

    private let database: SQLiteDatabase
    /// The file, named in problems.
    let path: String
    public let loadsLazily: Bool
    private let lock = NSLock()
    /// The one-record lookup of a lazily loaded store, prepared once.
    private var recordLookup: SQLiteDatabase.Statement?
    /// What `open` read, until the environment takes it.
    private var loaded: Environment.StoreChanges?
    /// How many records the writes saved (for tests and benchmarks).
    private(set) var savedRecordCount = 0

    private init(database: SQLiteDatabase, path: String, loaded: Environment.StoreChanges, loadsLazily: Bool) {
        self.database = database
        self.path = path
        self.loaded = loaded
        self.loadsLazily = loadsLazily
    }

    /// Opens (or makes) the store at `path` for the schema the app's artifacts were generated
    /// from: `operation` is any generated operation of the app, which carries the compiler's
    /// digest of the schema and the artifact layout. An app built against another schema, or by
    /// a compiler writing other artifacts, starts from an empty store (`.discarded`).
    public static func open(path: String, schemaOf operation: any Relay.Operation.Type, loadsLazily: Bool = false)
        -> Opened
    {
        open(path: path, schemaVersion: operation.node.params.schemaHash ?? "unstamped", loadsLazily: loadsLazily)
    }

    /// Opens (or makes) the store at `path` and reads it. `schemaVersion` names what the app's
    /// generated code expects (change it with the schema): a file stored under another one
    /// starts empty. `loadsLazily` reads no record now, each one the first time the store looks
    /// it up instead: a large file opens at once, and memory holds what the app reads.
    public static func open(path: String, schemaVersion: String, loadsLazily: Bool = false) -> Opened {
        do {
            let (database, loaded, discarded) = try read(
                path: path, schemaVersion: schemaVersion, records: !loadsLazily)
            return Opened(
                storage: SQLiteRecordStorage(database: database, path: path, loaded: loaded, loadsLazily: loadsLazily),
                problem: discarded)
        } catch let failure as SQLiteDatabase.Failure where !failure.isUnreadable {
            return Opened(storage: nil, problem: .cannotOpen(path: path, reason: failure.description))
        } catch {
            // Not a store this can read: kept aside for a look, and a fresh one made.
            let aside = path + ".unreadable"
            try? FileManager.default.removeItem(atPath: aside)
            do {
                try FileManager.default.moveItem(atPath: path, toPath: aside)
                for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                let (database, loaded, _) = try read(path: path, schemaVersion: schemaVersion, records: !loadsLazily)
                return Opened(
                    storage: SQLiteRecordStorage(
                        database: database, path: path, loaded: loaded, loadsLazily: loadsLazily),
                    problem: .unreadable(path: path, reason: String(describing: error)))
            } catch {
                return Opened(storage: nil, problem: .cannotOpen(path: path, reason: String(describing: error)))
            }
        }
    }

    /// Opens the file, makes its tables, and reads everything in it (nothing when its format or
    /// schema version differs, which empties it); its records only when `records` is true.
    private static func read(path: String, schemaVersion: String, records readsRecords: Bool) throws -> (
        SQLiteDatabase, Environment.StoreChanges, Problem?
    ) {
        let database = try SQLiteDatabase(path: path)
        try database.execute(
            """
            PRAGMA busy_timeout = 5000;
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = NORMAL;
            CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS records (id TEXT PRIMARY KEY, record TEXT);
            CREATE TABLE IF NOT EXISTS invalidations (id TEXT PRIMARY KEY, epoch INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS operations (key TEXT PRIMARY KEY, epoch INTEGER NOT NULL, fetch_time REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS queued_mutations (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                variables TEXT NOT NULL, optimistic_response TEXT, committed_at REAL NOT NULL,
                idempotency_key TEXT);
            """)
        try addIdempotencyKeys(to: database)
        var meta: [String: String] = [:]
        let metaRows = try database.prepare("SELECT key, value FROM meta")
        while try metaRows.step() { meta[metaRows.text(0) ?? ""] = metaRows.text(1) }
        var discarded: Problem?
        if meta["format"] != format || meta["schema"] != schemaVersion {
            if let stored = meta["format"] {
                discarded = .discarded(
                    reason: stored != format
                        ? "stored in format \(stored), not \(format)"
                        : "stored for schema version \(meta["schema"] ?? "none"), not \(schemaVersion)")
            }
            try database.transaction {
                try database.execute(
                    "DELETE FROM records; DELETE FROM invalidations; DELETE FROM operations; DELETE FROM meta;")
                let insert = try database.prepare("INSERT INTO meta (key, value) VALUES (?, ?)")
                try insert.run(["format", format])
                try insert.run(["schema", schemaVersion])
                try insert.run(["epoch", "0"])
            }
            return (database, Environment.StoreChanges(), discarded)
        }
        var loaded = Environment.StoreChanges()
        loaded.epoch = meta["epoch"].flatMap { Int($0) } ?? 0
        loaded.storeInvalidatedAt = meta["store_invalidated_at"].flatMap { Int($0) }
        let records = try database.prepare("SELECT id, record FROM records")
        while readsRecords, try records.step() {
            let id = DataID(records.text(0) ?? "")
            loaded.records[id] = try records.text(1).map { try StoredRecord.decode($0, id: id) } ?? .some(nil)
        }
        let invalidations = try database.prepare("SELECT id, epoch FROM invalidations")
        while try invalidations.step() {
            loaded.invalidatedAt[DataID(invalidations.text(0) ?? "")] = invalidations.int(1)
        }
        let operations = try database.prepare("SELECT key, epoch, fetch_time FROM operations")
        while try operations.step() {
            loaded.operations[operations.text(0) ?? ""] = Environment.OperationWrite(
                epoch: operations.int(1), fetchTime: Date(timeIntervalSince1970: operations.double(2)))
        }
        return (database, loaded, discarded)
    }

    public func load() throws -> Environment.StoreChanges {
        lock.withLock {
            defer { loaded = nil }
            return loaded ?? Environment.StoreChanges()
        }
    }

    public func loadRecord(_ id: DataID) throws -> Record?? {
        try lock.withLock {
            let lookup = try recordLookup ?? database.prepare("SELECT record FROM records WHERE id = ?")
            recordLookup = lookup
            // Done with the row at once: a statement left open would hold the file's read snapshot.
            defer { lookup.reset() }
            try lookup.bind([id.rawValue])
            guard try lookup.step() else { return nil }
            return .some(try lookup.text(0).map { try StoredRecord.decode($0, id: id) })
        }
    }

    /// Runs a PRAGMA on the connection: tests stand a full disk (`max_page_count`) or a
    /// read-only file (`query_only`) up with it.
    func pragma(_ statement: String) throws {
        try lock.withLock { try database.execute("PRAGMA " + statement) }
    }

    /// Runs a write, its SQLite failure turned into the problem it is.
    private func writing(_ write: () throws -> Void) throws {
        do {
            try write()
        } catch let failure as SQLiteDatabase.Failure {
            switch failure.code & 0xff {
            case SQLITE_FULL: throw Problem.full(path: path)
            case SQLITE_READONLY: throw Problem.readOnly(path: path)
            default: throw Problem.cannotWrite(path: path, reason: failure.description)
            }
        }
    }

    public func save(_ changes: Environment.StoreChanges) throws {
        try lock.withLock {
            try writing { try save(changes, in: database) }
        }
    }

    /// `save`'s transaction.
    private func save(_ changes: Environment.StoreChanges, in database: SQLiteDatabase) throws {
        try database.transaction {
            if !changes.records.isEmpty {
                let upsert = try database.prepare(
                    "INSERT INTO records (id, record) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET record = excluded.record"
                )
                for (id, record) in changes.records {
                    try upsert.run([id.rawValue, record.map(StoredRecord.encode)])
                }
                savedRecordCount += changes.records.count
            }
            if !changes.removed.isEmpty {
                let delete = try database.prepare("DELETE FROM records WHERE id = ?")
                let unmark = try database.prepare("DELETE FROM invalidations WHERE id = ?")
                for id in changes.removed {
                    try delete.run([id.rawValue])
                    try unmark.run([id.rawValue])
                }
            }
            if !changes.invalidatedAt.isEmpty {
                let mark = try database.prepare(
                    "INSERT INTO invalidations (id, epoch) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET epoch = excluded.epoch"
                )
                for (id, epoch) in changes.invalidatedAt { try mark.run([id.rawValue, epoch]) }
            }
            if !changes.operations.isEmpty {
                let write = try database.prepare(
                    "INSERT INTO operations (key, epoch, fetch_time) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET epoch = excluded.epoch, fetch_time = excluded.fetch_time"
                )
                for (key, written) in changes.operations {
                    try write.run([key, written.epoch, written.fetchTime.timeIntervalSince1970])
                }
            }
            if !changes.forgottenOperations.isEmpty {
                let forget = try database.prepare("DELETE FROM operations WHERE key = ?")
                for key in changes.forgottenOperations { try forget.run([key]) }
            }
            let meta = try database.prepare(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
            try meta.run(["epoch", String(changes.epoch)])
            if let invalidated = changes.storeInvalidatedAt {
                try meta.run(["store_invalidated_at", String(invalidated)])
            }
        }
    }

    // MARK: Queued mutations

    /// A file from before idempotency keys: the column is added and each waiting mutation given
    /// its key once, so every later attempt sends the same one.
    private static func addIdempotencyKeys(to database: SQLiteDatabase) throws {
        let columns = try database.prepare("PRAGMA table_info(queued_mutations)")
        var hasKeys = false
        while try columns.step() {
            if columns.text(1) == "idempotency_key" { hasKeys = true }
        }
        guard !hasKeys else { return }
        try database.transaction {
            try database.execute("ALTER TABLE queued_mutations ADD COLUMN idempotency_key TEXT")
            let waiting = try database.prepare("SELECT id FROM queued_mutations")
            var ids: [Int] = []
            while try waiting.step() { ids.append(waiting.int(0)) }
            let update = try database.prepare("UPDATE queued_mutations SET idempotency_key = ? WHERE id = ?")
            for id in ids { try update.run([UUID().uuidString, id]) }
        }
    }

    public func loadQueuedMutations() throws -> [Environment.QueuedMutation] {
        try lock.withLock {
            let rows = try database.prepare(
                "SELECT id, name, variables, optimistic_response, committed_at, idempotency_key FROM queued_mutations ORDER BY id"
            )
            var mutations: [Environment.QueuedMutation] = []
            while try rows.step() {
                guard case .object(let variables) = try VariableValue.parse(Data((rows.text(2) ?? "").utf8)) else {
                    throw Problem.unreadable(
                        path: "", reason: "queued mutation \(rows.int(0))'s variables are not an object")
                }
                mutations.append(
                    Environment.QueuedMutation(
                        id: rows.int(0), operationName: rows.text(1) ?? "", variables: VariableData(variables),
                        optimisticResponse: try rows.text(3).map { try VariableValue.parse(Data($0.utf8)) },
                        committedAt: Date(timeIntervalSince1970: rows.double(4)),
                        idempotencyKey: rows.text(5).flatMap(UUID.init(uuidString:)) ?? UUID()))
            }
            return mutations
        }
    }

    public func saveQueuedMutation(_ mutation: Environment.QueuedMutation) throws {
        try lock.withLock {
            try writing {
                try database.prepare(
                    """
                    INSERT OR REPLACE INTO queued_mutations
                        (id, name, variables, optimistic_response, committed_at, idempotency_key)
                        VALUES (?, ?, ?, ?, ?, ?)
                    """
                ).run([
                    mutation.id, mutation.operationName, VariableValue.object(mutation.variables.fields).stableJSON,
                    mutation.optimisticResponse?.stableJSON, mutation.committedAt.timeIntervalSince1970,
                    mutation.idempotencyKey.uuidString,
                ])
            }
        }
    }

    public func removeQueuedMutation(id: Int) throws {
        try lock.withLock {
            try writing { try database.prepare("DELETE FROM queued_mutations WHERE id = ?").run([id]) }
        }
    }
}
