import Foundation
import TestSupport
import Testing

/// `kill -9` while committing offline mutations: a process (`relay-mutation-committer`) commits
/// `addTodo` mutations through the queue into an SQLite store, against the TodoServer on
/// loopback, and is killed at seeded moments — between commits, mid-send, while draining — 24
/// times over the same store; a last run drains what is left. The server, which deduplicates
/// by idempotency key, must then have applied every mutation reported committed, each exactly
/// once, in commit order. Replays of sends the kills cut short reach it, and are reported.
@Suite(.serialized, .enabled(if: LiveTodoServer.python != nil, LiveTodoServer.skipReason))
final class KilledCommitterTests {
    static let kills = 24
    static let perRound = 16

    let folder: URL
    var store: String { folder.appendingPathComponent("queue.sqlite").path }

    init() throws {
        folder = try TemporaryFolder.make("relay-killed-committer", files: [:])
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func everyCommittedMutationIsAppliedOnceInCommitOrderWhateverTheMomentOfTheKill() async throws {
        let committer = try #require(
            BuiltExecutable.named("relay-mutation-committer"),
            "relay-mutation-committer is built with the tests (swift build --build-tests)")
        // A little latency, so that many kills land while a send is under way.
        let server = try LiveTodoServer(arguments: ["--latency-ms", "15"])
        var random = SeededRandom(seed: 20_261_207)
        var committed: [String] = []
        for round in 1...Self.kills {
            let process = try start(committer, server: server, round: round, count: Self.perRound)
            // Killed after a seeded number of lines (some past the last commit: while draining),
            // then a seeded pause of up to 20 ms.
            let killAfter = Int.random(in: 0...(Self.perRound + 3), using: &random)
            var lines = LineReader(process.output)
            while lines.read.count < killAfter, lines.next() {}
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...20, using: &random)))
            kill(process.process.processIdentifier, SIGKILL)
            process.process.waitUntilExit()
            committed += lines.read.compactMap { $0.hasPrefix("committed ") ? String($0.dropFirst(10)) : nil }
        }
        // A last run commits nothing and sends what is left.
        let last = try start(committer, server: server, round: 0, count: 0)
        var lines = LineReader(last.output)
        while lines.next() {}
        last.process.waitUntilExit()
        #expect(lines.read.last == "drained", "the last run drains the queue: \(lines.read)")

        let applied = try appliedTexts(server)
        #expect(Set(applied).count == applied.count, "a mutation applied twice: \(duplicates(applied))")
        let missing = Set(committed).subtracting(applied)
        #expect(missing.isEmpty, "committed and never applied: \(missing.sorted())")
        #expect(applied == applied.sorted(by: Self.commitOrder), "applied out of commit order: \(applied)")
        let replays = try await server.post("/control", [:], repeatable: true)["idempotentReplays"] as? Int ?? -1
        // The figures, for the log: what the kills cost, and what the keys saved.
        print(
            "Offline mutation kill test: \(Self.kills) kills, \(committed.count) mutations reported committed, "
                + "\(applied.count) applied once each in commit order, \(replays) replays the server deduplicated")
    }

    /// `<round>-<number>` in the order they were committed.
    static func commitOrder(_ left: String, _ right: String) -> Bool {
        func parts(_ text: String) -> [Int] { text.split(separator: "-").compactMap { Int($0) } }
        return parts(left).lexicographicallyPrecedes(parts(right))
    }

    private func duplicates(_ texts: [String]) -> [String] {
        Dictionary(grouping: texts, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    }

    /// The to-dos' texts in the order the server added them, from its data file.
    private func appliedTexts(_ server: LiveTodoServer) throws -> [String] {
        let data = try Data(contentsOf: server.folder.appendingPathComponent("todos.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let todos = object?["todos"] as? [[String: Any]] ?? []
        return todos.compactMap { $0["text"] as? String }
    }

    private func start(_ committer: URL, server: LiveTodoServer, round: Int, count: Int) throws -> (
        process: Process, output: FileHandle
    ) {
        let process = Process()
        process.executableURL = committer
        process.arguments = [store, server.url.absoluteString, String(round), String(count)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        return (process, output.fileHandleForReading)
    }

    /// The lines a process printed, read as they come.
    struct LineReader {
        let handle: FileHandle
        var read: [String] = []
        private var pending = ""

        init(_ handle: FileHandle) { self.handle = handle }

        /// Reads at least one more line; false at the end of the output.
        mutating func next() -> Bool {
            let before = read.count
            while read.count == before {
                let chunk = handle.availableData
                if chunk.isEmpty { return false }
                pending += String(decoding: chunk, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    read.append(String(pending[..<newline]))
                    pending = String(pending[pending.index(after: newline)...])
                }
            }
            return true
        }
    }
}
