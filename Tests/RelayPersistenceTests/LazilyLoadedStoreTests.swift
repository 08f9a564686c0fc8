import Foundation
@_spi(RelayGenerated) import GoldenFetchable
@_spi(RelayGenerated) import Relay
import TestSupport
import Testing

@testable import RelayPersistence

/// A store opened with `loadsLazily`: nothing but the root is read at open, each record the
/// first time it is looked up; a write to a record not read yet merges into what the file has
/// (no field lost); staleness is there before any record is; garbage collection removes what
/// this process wrote and nothing retains, from the file too, and it is not read back.
final class LazilyLoadedStoreTests {
    let folder: URL
    var path: String { folder.appendingPathComponent("store.sqlite").path }

    init() throws {
        folder = try TemporaryFolder.make("relay-lazy-store", files: [:])
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func environment(lazily: Bool, releaseBufferSize: Int = 10) throws -> Environment {
        // Each test's own folder: opening cannot fail.
        let opened = SQLiteRecordStorage.open(path: path, schemaVersion: "1", loadsLazily: lazily)
        return Environment(network: UnreachableNetwork()) {
            $0.releaseBufferSize = releaseBufferSize
            $0.now = { Date(timeIntervalSince1970: 1_800_000_000) }
            $0.storage = opened.storage
        }
    }

    func commitPhoto(_ id: String, likes: Int, in environment: Environment) throws {
        try environment.commitPayload(
            PhotoLikesQuery(id: id),
            data: ["node": ["__typename": "Photo", "id": .string(id), "photo_id": .string(id), "likes": .int(likes)]])
    }

    /// Fills the file with photos p0…p(count-1), from an environment that reads it whole.
    func fill(_ count: Int) throws {
        let environment = try environment(lazily: false)
        for index in 0..<count { try commitPhoto("p\(index)", likes: index, in: environment) }
        environment.commitLocalUpdate { store in store.get("p2")?.invalidateRecord() }
    }

    @Test func onlyWhatIsLookedUpIsRead() throws {
        try fill(20)
        let environment = try environment(lazily: true)
        #expect(Array(environment.records.ids) == [.root], "nothing but the root at open")
        let snapshot = environment.lookup(PhotoLikesQuery(id: "p7"))
        #expect(!snapshot.isMissingData && snapshot.data?.node?.PhotoLikes_photo != nil)
        #expect(environment.records["p7"]?["likes"] == .scalar(.int(7)))
        #expect(
            environment.check(PhotoLikesQuery(id: "p7"))
                == .available(fetchTime: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(environment.check(PhotoLikesQuery(id: "p2")) == .stale, "invalidation marks are there at open")
        #expect(environment.check(PhotoLikesQuery(id: "p99")) == .missing)
        #expect(Array(environment.records.ids) == [.root], "records read are not written")
    }

    @Test func aWriteToARecordNotReadYetKeepsTheFilesFields() throws {
        try fill(3)
        do {
            let environment = try environment(lazily: true)
            environment.commitLocalUpdate { store in store.get("p1")?.setValue(100, "likes") }
            environment.commitLocalUpdate { store in
                store.create(dataID: "p1-extra", typename: "Photo").setValue("x", "photo_id")
            }
        }
        let reread = try environment(lazily: false)
        #expect(reread.records["p1"]?["likes"] == .scalar(.int(100)))
        #expect(reread.records["p1"]?["photo_id"] == .scalar(.string("p1")), "the field the write did not name")
        #expect(reread.records["p1"]?.typename == "Photo")
        #expect(reread.records.has("p1-extra") && reread.records.has("p0"))
    }

    @Test func aResponseIntoARecordNotReadYetMergesWithIt() throws {
        try fill(3)
        do {
            let environment = try environment(lazily: true)
            environment.commitLocalUpdate { store in store.get("p1")?.setValue("kept", "caption") }
        }
        do {
            let environment = try environment(lazily: true)
            try commitPhoto("p1", likes: 11, in: environment)
        }
        let reread = try environment(lazily: false)
        #expect(reread.records["p1"]?["likes"] == .scalar(.int(11)))
        #expect(reread.records["p1"]?["caption"] == .scalar(.string("kept")))
    }

    @Test func garbageCollectionRemovesWhatThisProcessWroteAndDoesNotReadItBack() throws {
        try fill(3)
        let environment = try environment(lazily: true, releaseBufferSize: 0)
        try commitPhoto("p1", likes: 5, in: environment)
        #expect(environment.collectGarbage() >= 1)
        #expect(!environment.records.has("p1"), "not read back from the file")
        #expect(environment.records.has("p0"), "a record only in the file stays")
        let reread = try self.environment(lazily: false)
        #expect(!reread.records.has("p1") && reread.records.has("p0"))
    }
}
