import Foundation
import Relay
import TestSupport
import Testing

@testable import RelayPersistence

/// Queued offline mutations in the store's SQLite file: saved and removed one by one, read back
/// in commit order with their variables and optimistic response, kept when a schema version
/// change empties the records (they are the user's work), and gone with a file moved aside.
final class SQLiteMutationQueueTests {
    let folder: URL
    var path: String { folder.appendingPathComponent("store.sqlite").path }

    init() throws {
        folder = try TemporaryFolder.make("relay-queue", files: [:])
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func storage(schemaVersion: String = "1") throws -> SQLiteRecordStorage {
        try #require(SQLiteRecordStorage.open(path: path, schemaVersion: schemaVersion).storage)
    }

    func mutation(_ id: Int, optimistic: VariableValue? = nil) -> Environment.QueuedMutation {
        Environment.QueuedMutation(
            id: id, operationName: "ChangeTodoStatusMutation",
            variables: ["input": ["id": .string("todo-\(id)"), "complete": true, "note": "naïve \"quoted\" ✓"]],
            optimisticResponse: optimistic, committedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(id)),
            idempotencyKey: Self.key(id))
    }

    /// A fixed idempotency key per id, so a mutation read back compares equal to the one saved.
    static func key(_ id: Int) -> UUID {
        UUID(uuidString: "00000000-0000-4000-8000-" + String(format: "%012d", id)) ?? UUID()
    }

    @Test func queuedMutationsAreReadBackInOrderAsTheyWereSaved() throws {
        let optimistic: VariableValue = ["changeTodoStatus": ["todo": ["id": "todo-3", "complete": true]]]
        do {
            let storage = try storage()
            try storage.saveQueuedMutation(mutation(3, optimistic: optimistic))
            try storage.saveQueuedMutation(mutation(1))
            try storage.saveQueuedMutation(mutation(2))
            try storage.removeQueuedMutation(id: 2)
        }
        let loaded = try storage().loadQueuedMutations()
        #expect(loaded == [mutation(1), mutation(3, optimistic: optimistic)])
    }

    @Test func aSchemaVersionChangeKeepsTheQueue() throws {
        try storage(schemaVersion: "1").saveQueuedMutation(mutation(1))
        let opened = SQLiteRecordStorage.open(path: path, schemaVersion: "2")
        guard case .discarded? = opened.problem else {
            Issue.record("expected the records discarded, got \(String(describing: opened.problem))")
            return
        }
        #expect(try opened.storage?.loadQueuedMutations() == [mutation(1)])
    }

    @Test func aFileFromBeforeIdempotencyKeysGivesEachQueuedMutationOneKeptFromThenOn() throws {
        // The table as it was before the key column, with one mutation waiting.
        let database = try SQLiteDatabase(path: path)
        try database.execute(
            """
            CREATE TABLE queued_mutations (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                variables TEXT NOT NULL, optimistic_response TEXT, committed_at REAL NOT NULL);
            INSERT INTO queued_mutations VALUES (7, 'ChangeTodoStatusMutation', '{}', NULL, 1800000000);
            """)
        let first = try #require(try storage().loadQueuedMutations().first)
        #expect(first.id == 7)
        #expect(try storage().loadQueuedMutations().first?.idempotencyKey == first.idempotencyKey)
    }

    @Test func aFileMovedAsideTakesItsQueueWithIt() throws {
        try Data("not a database, not at all".utf8).write(to: URL(fileURLWithPath: path))
        let opened = SQLiteRecordStorage.open(path: path, schemaVersion: "1")
        #expect(try opened.storage?.loadQueuedMutations() == [])
    }
}
