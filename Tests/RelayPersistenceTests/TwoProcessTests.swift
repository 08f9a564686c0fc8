import Foundation
import Relay
import RelayPersistence
import TestSupport
import Testing

/// Two processes writing one store file at once (an app and its extension): SQLite serializes
/// their transactions, so both finish and the file holds every write of each — records each
/// process wrote alone are never lost to the other's writes.
final class TwoProcessTests {
    let folder: URL
    var path: String { folder.appendingPathComponent("shared.sqlite").path }

    init() throws {
        folder = try TemporaryFolder.make("relay-two-processes", files: [:])
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func twoWritersAtOnceBothLandEveryWrite() throws {
        let writer = try #require(KilledWriterTests.writer, "relay-store-writer is built with the tests")
        // The file exists before both start, as an app's would.
        _ = SQLiteRecordStorage.open(path: path, schemaVersion: "kill-test")
        let writes = 1_500
        let processes = try ["a", "b"].map { name in
            let process = Process()
            process.executableURL = writer
            process.arguments = [path, String(writes), name]
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            return (process, errors)
        }
        for (process, errors) in processes {
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0, "a writer failed: \(message)")
        }
        let opened = SQLiteRecordStorage.open(path: path, schemaVersion: "kill-test")
        let records = try #require(opened.storage).load().records
        for name in ["a", "b"] {
            #expect(records[DataID("\(name)-counter")]??["value"] == .scalar(.int(writes)))
            let items = (1...writes).filter { records[DataID("\(name)-item-\($0)")]??["number"] == .scalar(.int($0)) }
            #expect(items.count == writes, "\(name)'s items")
        }
    }
}
