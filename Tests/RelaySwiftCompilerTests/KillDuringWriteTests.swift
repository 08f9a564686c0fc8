import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A compiler killed (`SIGKILL`) at any moment while it writes leaves every artifact with its
/// old or its new content, never a truncated or mixed file; the next run completes the job and
/// removes the temporary files the killed runs left.
struct KillDuringWriteTests {
    /// The built `relay-swift-compiler`, beside the test bundle.
    static var compiler: String? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("relay-swift-compiler").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A project of `count` Swift files, each with one query selecting `fields`.
    static func writeProject(in directory: URL, count: Int, fields: String) throws {
        let sources = directory.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        for index in 0..<count {
            let text = "let q = graphql(\"query Screen\(index)Query { \(fields) }\")\n"
            try text.write(
                to: sources.appendingPathComponent("Screen\(index).swift"), atomically: true, encoding: .utf8)
        }
        try "type Query { a: Int b: String c: [Int] }".write(
            to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
    }

    /// Path (relative to `Sources/__generated__`) → content of every file there.
    static func artifacts(in directory: URL) throws -> [String: Data] {
        let folder = directory.appendingPathComponent("Sources/__generated__")
        var result: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            result[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return result
    }

    static func run(_ compiler: String, in directory: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = ["--src", "Sources", "--schema", "schema.graphql", "--no-cache", "--quiet"]
        process.currentDirectoryURL = directory
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func aKilledCompilerLeavesOldOrNewArtifactsNeverTruncatedOnes() throws {
        guard let compiler = Self.compiler else {
            Issue.record("relay-swift-compiler is not built beside the tests; run `swift build` first")
            return
        }
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("kill-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root) }
        let project = root.appendingPathComponent("project")
        let reference = root.appendingPathComponent("reference")
        let count = 400
        // The old artifacts, and (in a copy of the project) the new ones the edit will produce.
        try Self.writeProject(in: project, count: count, fields: "a")
        let first = try Self.run(compiler, in: project)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let old = try Self.artifacts(in: project)
        #expect(old.count == count)
        try Self.writeProject(in: reference, count: count, fields: "a b c")
        let started = Date()
        let full = try Self.run(compiler, in: reference)
        full.waitUntilExit()
        // How long a whole run takes here: the kills are spread over it.
        let duration = Date().timeIntervalSince(started)
        let new = try Self.artifacts(in: reference)
        #expect(new.count == count)
        #expect(Set(new.keys) == Set(old.keys) && new != old)

        // Switch every source between the two versions, then kill the compiler while it
        // rewrites them, again and again. The kill time adapts: later when the run was killed
        // before writing anything, earlier when it had finished, so that loaded machines too
        // see kills in the middle of writing.
        var delay = duration / 2
        var mixedStates = 0
        var rounds = 0
        while mixedStates < 3, rounds < 120 {
            rounds += 1
            let target = rounds % 2 == 1 ? new : old
            let before = try Self.artifacts(in: project).filter { target[$0.key] == $0.value }.count
            try Self.writeProject(in: project, count: count, fields: rounds % 2 == 1 ? "a b c" : "a")
            let process = try Self.run(compiler, in: project)
            usleep(UInt32(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try Self.artifacts(in: project)
            for (name, content) in now where name.hasSuffix(".graphql.swift") && !name.hasPrefix(".") {
                guard content == old[name] || content == new[name] else {
                    Issue.record("round \(rounds): \(name) is neither its old nor its new content")
                    return
                }
            }
            let updated = now.filter { target[$0.key] == $0.value }.count
            if updated == before {
                delay = Swift.min(delay * 1.25 + 0.002, duration * 3)  // killed before writing
            } else if updated >= count {
                delay *= 0.7  // the run had finished
            } else {
                mixedStates += 1  // killed while writing: some files new, the others old
            }
        }
        // The kills landed while files were being written (otherwise this test proves nothing).
        #expect(mixedStates > 0, "no kill landed during writing in \(rounds) rounds")
        try Self.writeProject(in: project, count: count, fields: "a b c")
        // A run to the end finishes the job and clears the killed runs' temporary files.
        let last = try Self.run(compiler, in: project)
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        #expect(try Self.artifacts(in: project) == new)
    }
}
