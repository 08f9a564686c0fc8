import Foundation
@_spi(RelayGenerated) import Relay
import TestSupport
import Testing

@testable import RelayPersistence

/// A store file that stops taking writes — the disk full, the file read-only — on a real file:
/// the environment is told once, with a typed problem, goes on in memory, and the file keeps the
/// writes made before, readable. (SQLite's own limits stand for the conditions: a page limit at
/// the file's size fails a growing write with SQLITE_FULL as a full disk does, and query-only
/// mode fails every write with SQLITE_READONLY as a read-only file does — file modes do not stop
/// a test running as root.)
final class WriteFailureTests {
    let folder: URL
    var path: String { folder.appendingPathComponent("store.sqlite").path }

    init() throws {
        folder = try TemporaryFolder.make("relay-write-failure", files: [:])
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    final class Failures: @unchecked Sendable {
        let lock = NSLock()
        var errors: [any Error] = []
        func report(_ error: any Error) { lock.withLock { errors.append(error) } }
        var problems: [SQLiteRecordStorage.Problem?] {
            lock.withLock { errors.map { $0 as? SQLiteRecordStorage.Problem } }
        }
    }

    func environment(_ failures: Failures) throws -> (Environment, SQLiteRecordStorage) {
        let storage = try #require(SQLiteRecordStorage.open(path: path, schemaVersion: "1").storage)
        let environment = Environment(network: UnreachableNetwork()) {
            $0.storage = storage
            $0.onStorageFailure = { failures.report($0) }
        }
        return (environment, storage)
    }

    /// Writes `count` records of 4 KB each, named `prefix-<n>`, in one write.
    func writeLarge(_ prefix: String, count: Int, in environment: Environment) {
        environment.commitLocalUpdate { store in
            for index in 0..<count {
                store.create(dataID: DataID("\(prefix)-\(index)"), typename: "Blob")
                    .setValue(.string(String(repeating: "b", count: 4_096)), "bytes")
            }
        }
    }

    @Test func aFullDiskIsToldOnceAndTheEnvironmentGoesOnInMemory() throws {
        let failures = Failures()
        let (environment, storage) = try environment(failures)
        writeLarge("before", count: 2, in: environment)
        try storage.pragma("max_page_count = 1")  // no more pages than the file has now
        writeLarge("full", count: 50, in: environment)
        writeLarge("after", count: 1, in: environment)
        #expect(failures.problems == [.full(path: path)], "told once, typed")
        #expect(environment.records.has("full-49") && environment.records.has("after-0"), "in memory")

        let reopened = SQLiteRecordStorage.open(path: path, schemaVersion: "1")
        #expect(reopened.problem == nil)
        let records = try #require(reopened.storage).load().records
        #expect(records["before-1"] != nil, "the writes before are kept")
        #expect(records["full-0"] == nil && records["after-0"] == nil, "nothing after the failure")
    }

    @Test func aReadOnlyFileIsToldOnceAndTheEnvironmentGoesOnInMemory() throws {
        let failures = Failures()
        let (environment, storage) = try environment(failures)
        writeLarge("before", count: 1, in: environment)
        try storage.pragma("query_only = 1")
        writeLarge("refused", count: 1, in: environment)
        writeLarge("after", count: 1, in: environment)
        #expect(failures.problems == [.readOnly(path: path)])
        #expect(environment.records.has("refused-0") && environment.records.has("after-0"))
        let records = try #require(SQLiteRecordStorage.open(path: path, schemaVersion: "1").storage).load().records
        #expect(records["before-0"] != nil && records["refused-0"] == nil)
    }
}
