import Foundation
@_spi(RelayGenerated) import GoldenFetchable
@_spi(RelayGenerated) import Relay
import Testing

/// The environment's side of storage, with a storage of the test's own: it starts from what
/// storage loads, hands it each write to the server's data in order (not optimistic layers),
/// and when storage fails — unreadable at start, a disk full or read-only later — it reports a
/// typed error once and goes on in memory, saving nothing more (so the file stays a prefix of
/// the writes).
struct RecordStorageTests {
    final class Storage: Environment.RecordStorage, @unchecked Sendable {
        let lock = NSLock()
        var stored: Environment.StoreChanges
        var saved: [Environment.StoreChanges] = []
        var failsToLoad = false
        var failsToSave = false

        init(_ stored: Environment.StoreChanges = Environment.StoreChanges()) {
            self.stored = stored
        }

        struct DiskFull: Error {}

        func load() throws -> Environment.StoreChanges {
            try lock.withLock {
                if failsToLoad { throw DiskFull() }
                return stored
            }
        }

        func save(_ changes: Environment.StoreChanges) throws {
            try lock.withLock {
                if failsToSave { throw DiskFull() }
                saved.append(changes)
            }
        }

        var savedCount: Int { lock.withLock { saved.count } }
    }

    final class Failures: @unchecked Sendable {
        let lock = NSLock()
        var errors: [any Error] = []
        func report(_ error: any Error) { lock.withLock { errors.append(error) } }
        var count: Int { lock.withLock { errors.count } }
    }

    func photo(_ id: String, likes: Int) -> VariableValue {
        ["node": ["__typename": "Photo", "id": .string(id), "photo_id": .string(id), "likes": .int(likes)]]
    }

    @Test func itStartsFromWhatStorageLoadsAndSavesEachWrite() throws {
        var stored = Environment.StoreChanges()
        stored.records = [
            .root: Record(id: .root, typename: "__Root", fields: [#"node(id:"p1")"#: .link("p1")]),
            "p1": Record(
                id: "p1", typename: "Photo",
                fields: ["id": .scalar("p1"), "photo_id": .scalar("p1"), "likes": .scalar(3)]),
        ]
        let storage = Storage(stored)
        let environment = Environment(network: MockNetwork()) {
            $0.storage = storage
        }
        #expect(!environment.lookup(PhotoLikesQuery(id: "p1")).isMissingData)
        try environment.commitPayload(PhotoLikesQuery(id: "p2"), data: photo("p2", likes: 5))
        let write = try #require(storage.saved.last)
        #expect(write.records["p2"]??["likes"] == .scalar(5))
        #expect(write.operations.keys.contains { $0.hasPrefix("PhotoLikesQuery ") })
        #expect(write.records["p1"] == nil, "only what the write changed")
    }

    @Test func aStorageThatCannotBeReadIsReportedAndNotUsed() throws {
        let storage = Storage()
        storage.failsToLoad = true
        let failures = Failures()
        let environment = Environment(network: MockNetwork()) {
            $0.storage = storage
            $0.onStorageFailure = failures.report
        }
        #expect(failures.count == 1)
        try environment.commitPayload(PhotoLikesQuery(id: "p1"), data: photo("p1", likes: 3))
        #expect(storage.savedCount == 0 && environment.records.has("p1"))
    }

    @Test func aFailedWriteIsReportedOnceAndTheStoreGoesOnInMemory() throws {
        let storage = Storage()
        let failures = Failures()
        let environment = Environment(network: MockNetwork()) {
            $0.storage = storage
            $0.onStorageFailure = failures.report
        }
        try environment.commitPayload(PhotoLikesQuery(id: "p1"), data: photo("p1", likes: 3))
        storage.lock.withLock { storage.failsToSave = true }
        try environment.commitPayload(PhotoLikesQuery(id: "p2"), data: photo("p2", likes: 5))
        #expect(failures.count == 1)
        #expect(failures.lock.withLock { failures.errors.first } is Storage.DiskFull)
        storage.lock.withLock { storage.failsToSave = false }
        try environment.commitPayload(PhotoLikesQuery(id: "p3"), data: photo("p3", likes: 7))
        #expect(storage.savedCount == 1, "nothing saved after the failure")
        #expect(failures.count == 1)
        #expect(environment.records.has("p2") && environment.records.has("p3"))
    }
}
