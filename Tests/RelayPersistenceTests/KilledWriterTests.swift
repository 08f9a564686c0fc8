import Foundation
import Relay
import RelayPersistence
import TestSupport
import Testing

/// `kill -9` during writes: a writer process (`relay-store-writer`) makes writes that each change
/// three records together, and is killed after a seeded number of them, eight times over the
/// same file. Every reopen must find the state after a whole number of writes — at least those
/// it reported done — with no write torn between its records.
final class KilledWriterTests {
    let folder: URL
    var path: String { folder.appendingPathComponent("killed.sqlite").path }

    init() throws {
        folder = try TemporaryFolder.make("relay-killed-writer", files: [:])
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The writer, built beside the test bundle by `swift build --build-tests`.
    static var writer: URL? { BuiltExecutable.named("relay-store-writer") }

    @Test func everyReopenFindsAWholeNumberOfWrites() throws {
        let writer = try #require(Self.writer, "relay-store-writer is built with the tests (swift build --build-tests)")
        var random = SeededRandom(seed: 20_261_128)
        var done = 0
        for _ in 0..<8 {
            let process = Process()
            process.executableURL = writer
            process.arguments = [path, "1000000"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Killed once it reported a seeded number of writes done: mid-way through another.
            let killAfter = Int.random(in: 1...30, using: &random)
            var reported: [Int] = []
            var pending = ""
            while reported.count < killAfter {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending += String(decoding: chunk, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    if let number = Int(pending[..<newline]) { reported.append(number) }
                    pending = String(pending[pending.index(after: newline)...])
                }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            done = reported.last ?? done
            try expectWholeWrites(atLeast: done)
        }
    }

    /// The file holds the state after write `k` for some `k ≥ atLeast`: `counter` is `k`, items
    /// 1…k are whole, there is no item k+1, and `latest` is item k.
    private func expectWholeWrites(atLeast reported: Int) throws {
        let opened = SQLiteRecordStorage.open(path: path, schemaVersion: "kill-test")
        #expect(opened.problem == nil, "\(String(describing: opened.problem))")
        let records = try #require(opened.storage).load().records
        guard case .scalar(.int(let count))? = records["counter"]??["value"] else {
            Issue.record("no counter after the kill (\(records.count) records)")
            return
        }
        #expect(count >= reported, "a write reported done is missing")
        for number in 1...max(count, 1) {
            let item = records[DataID("item-\(number)")] ?? nil
            #expect(item?["number"] == .scalar(.int(number)), "item \(number) of \(count)")
            #expect(item?["padding"] == .scalar(.string(String(repeating: "x", count: 512))))
        }
        #expect(records[DataID("item-\(count + 1)")] == nil, "a write after \(count) is partly there")
        #expect(records[.root]??["latest"] == .link(DataID("item-\(count)")))
    }
}
