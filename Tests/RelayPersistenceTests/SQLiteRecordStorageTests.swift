import Foundation
@_spi(RelayGenerated) import GoldenFetchable
@_spi(RelayGenerated) import Relay
import TestSupport
import Testing

@testable import RelayPersistence

/// The store in an SQLite file: a new environment on the same file reads what the last one
/// wrote (records, invalidation, fetch times), each write saves only what it changed,
/// optimistic layers never reach the file, and a file of another schema version, or one that is
/// not a store, starts fresh with a typed problem.
final class SQLiteRecordStorageTests {
    let folder: URL
    var path: String { folder.appendingPathComponent("store.sqlite").path }

    init() throws {
        folder = try TemporaryFolder.make("relay-store", files: [:])
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func environment(
        schemaVersion: String = "1", network: any Network = UnreachableNetwork(), releaseBufferSize: Int = 10
    ) throws -> (Environment, SQLiteRecordStorage, SQLiteRecordStorage.Problem?) {
        let opened = SQLiteRecordStorage.open(path: path, schemaVersion: schemaVersion)
        let storage = try #require(opened.storage)
        let environment = Environment(network: network) {
            $0.releaseBufferSize = releaseBufferSize
            $0.now = { Date(timeIntervalSince1970: 1_800_000_000) }
            $0.storage = storage
        }
        return (environment, storage, opened.problem)
    }

    func commitPhoto(_ id: String, likes: Int, in environment: Environment) throws {
        try environment.commitPayload(
            PhotoLikesQuery(id: id),
            data: ["node": ["__typename": "Photo", "id": .string(id), "photo_id": .string(id), "likes": .int(likes)]])
    }

    @Test func aNewEnvironmentReadsWhatTheLastOneWrote() throws {
        do {
            let (first, _, problem) = try environment()
            #expect(problem == nil)
            try commitPhoto("p1", likes: 3, in: first)
            try commitPhoto("p2", likes: 5, in: first)
            first.commitLocalUpdate { store in store.get("p2")?.invalidateRecord() }
        }
        let (second, _, problem) = try environment()
        #expect(problem == nil)
        #expect(
            second.check(PhotoLikesQuery(id: "p1")) == .available(fetchTime: Date(timeIntervalSince1970: 1_800_000_000))
        )
        #expect(second.check(PhotoLikesQuery(id: "p2")) == .stale)
        let photo = second.lookup(PhotoLikesQuery(id: "p1")).data?.node?.PhotoLikes_photo
        #expect(photo != nil && !second.lookup(PhotoLikesQuery(id: "p1")).isMissingData)
        #expect(second.records.has("p1") && second.records["p1"]?["likes"] == .scalar(.int(3)))
    }

    @Test func eachWriteSavesOnlyTheRecordsItChanged() throws {
        let (environment, storage, _) = try environment()
        for index in 0..<50 { try commitPhoto("p\(index)", likes: index, in: environment) }
        let before = storage.savedRecordCount
        environment.commitLocalUpdate { store in store.get("p7")?.setValue(70, "likes") }
        #expect(storage.savedRecordCount == before + 1)
        // A write that changes nothing saves no record.
        environment.commitLocalUpdate { store in store.get("p7")?.setValue(70, "likes") }
        #expect(storage.savedRecordCount == before + 1)
    }

    @Test func optimisticLayersNeverReachTheFile() async throws {
        let network = HeldNetwork()
        do {
            let (first, _, _) = try environment(network: network)
            try commitPhoto("p1", likes: 3, in: first)
            let mutation = Task {
                try await first.commitMutation(
                    PhotoLikesQuery(id: "p1"), optimisticUpdater: { store, _ in store.get("p1")?.setValue(99, "likes") }
                )
            }
            await network.waitUntilSent()
            #expect(first.records["p1"]?["likes"] == .scalar(.int(99)))
            // Another environment opening the file while the layer is on sees the server's data.
            let (second, _, _) = try environment()
            #expect(second.records["p1"]?["likes"] == .scalar(.int(3)))
            mutation.cancel()
            _ = await mutation.result
        }
    }

    @Test func anotherSchemaVersionStartsEmpty() throws {
        do {
            let (first, _, _) = try environment(schemaVersion: "1")
            try commitPhoto("p1", likes: 3, in: first)
        }
        let (second, _, problem) = try environment(schemaVersion: "2")
        #expect(problem == .discarded(reason: "stored for schema version 1, not 2"))
        #expect(!second.records.has("p1"))
    }

    @Test func aStoreIsKeptUnderTheSchemaDigestTheCompilerStamped() throws {
        do {
            let opened = SQLiteRecordStorage.open(path: path, schemaOf: PhotoLikesQuery.self)
            try commitPhoto(
                "p1", likes: 3,
                in: Environment(network: UnreachableNetwork()) {
                    $0.storage = opened.storage
                })
        }
        let same = SQLiteRecordStorage.open(path: path, schemaOf: WeatherCardQuery.self)
        #expect(same.problem == nil, "any operation of the app names the same schema")
        #expect(try #require(same.storage).load().records["p1"] != nil)
        let other = SQLiteRecordStorage.open(path: path, schemaOf: OtherSchemaQuery.self)
        guard case .discarded? = other.problem else {
            Issue.record("expected the store discarded, got \(String(describing: other.problem))")
            return
        }
        #expect(try #require(other.storage).load().records.isEmpty)
    }

    @Test func aFileThatIsNotAStoreIsMovedAsideAndAFreshOneMade() throws {
        try Data("not a database, just bytes".utf8).write(to: URL(fileURLWithPath: path))
        let (environment, _, problem) = try environment()
        guard case .unreadable(let at, _)? = problem else {
            Issue.record("expected .unreadable, got \(String(describing: problem))")
            return
        }
        #expect(at == path && FileManager.default.fileExists(atPath: path + ".unreadable"))
        try commitPhoto("p1", likes: 3, in: environment)
        #expect(environment.records.has("p1"))
    }

    @Test func garbageCollectionRemovesRecordsFromTheFileToo() throws {
        do {
            let (first, _, _) = try environment(releaseBufferSize: 0)
            try commitPhoto("p1", likes: 3, in: first)
            #expect(first.collectGarbage() > 0)
        }
        let (second, _, _) = try environment()
        #expect(!second.records.has("p1"))
    }

    @Test func twoStoragesOnOneFileBothWrite() throws {
        let (first, _, _) = try environment()
        let (second, _, _) = try environment()
        try commitPhoto("p1", likes: 1, in: first)
        try commitPhoto("p2", likes: 2, in: second)
        // Neither sees the other's write in memory; the file has both.
        #expect(!first.records.has("p2") && !second.records.has("p1"))
        let (third, _, _) = try environment()
        #expect(third.records.has("p1") && third.records.has("p2"))
    }
}

/// A network that never answers: these tests write through `commitPayload`.
struct UnreachableNetwork: Network {
    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        throw RelayError.transport("offline")
    }
}

/// A network that holds each request until it is cancelled.
final class HeldNetwork: Network, @unchecked Sendable {
    private let lock = NSLock()
    private var sent = 0

    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        lock.withLock { sent += 1 }
        while !Task.isCancelled { await Task.yield() }
        throw CancellationError()
    }

    /// Returns once a request was sent (or, failing the test, after a million turns).
    func waitUntilSent() async {
        var turns = 0
        while lock.withLock({ sent }) == 0, turns < 1_000_000 {
            await Task.yield()
            turns += 1
        }
        #expect(lock.withLock { sent } > 0, "no request was sent")
    }
}

/// `PhotoLikesQuery` as an app built against another schema would have it.
struct OtherSchemaQuery: Relay.Operation {
    typealias Data = PhotoLikesQuery.Data
    let variables: VariableData

    static var node: ConcreteRequest {
        var node = PhotoLikesQuery.node
        node.params.schemaHash = "0123456789abcdef"
        return node
    }
}
