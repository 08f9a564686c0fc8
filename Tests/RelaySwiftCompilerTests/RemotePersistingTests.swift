import Foundation
import RelayCompiler
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Relay's remote persisting against a persisting server on loopback (the TodoServer's
/// `persisted.py` run alone, which needs only Python's standard library): each text is POSTed with
/// the configured parameters and headers, at most `concurrency` at once, and the artifacts carry
/// the ids the server answered.
private let persistingServerPython = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite(.serialized, .enabled(if: persistingServerPython != nil, "needs python3 for the persisting server"))
final class RemotePersistingTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Examples/TodoServer/persisted.py")

    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remote-\(UUID().uuidString)")
    private var server: Process?
    private var port = 0

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portFile = folder.appendingPathComponent("port")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: persistingServerPython ?? "python3")
        process.arguments = [
            Self.script.path, "--port-file", portFile.path, "--require-param", "app=todo", "--require-header",
            "X-Persist-Token:secret", "--delay-ms", "100",
        ]
        try process.run()
        server = process
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: portFile.path) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        port = Int((try? String(contentsOf: portFile, encoding: .utf8)) ?? "") ?? 0
    }

    deinit {
        if let server, server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func project(token: String) throws {
        try write("schema.graphql", "type Query { a: Int, b: Int, c: Int, d: Int, e: Int }\n")
        for name in ["A", "B", "C", "D", "E"] {
            try write("Sources/\(name).swift", "let q = graphql(\"query \(name)Query { \(name.lowercased()) }\")\n")
        }
        try write(
            "relay.json",
            #"{"src": "Sources", "schema": "schema.graphql", "persistConfig": {"url": "http://127.0.0.1:\#(port)/persist", "params": {"app": "todo"}, "headers": {"X-Persist-Token": "\#(token)"}, "concurrency": 2}}"#
        )
    }

    /// What the server has seen (`GET /stats`).
    private func statistics() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/stats")!)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    @Test func eachTextIsPersistedOnceAndTheArtifactsCarryTheServersIds() throws {
        #expect(port > 0, "the persisting server did not start")
        try project(token: "secret")
        let run = ToolRun(["--config", folder.appendingPathComponent("relay.json").path], in: folder)
        #expect(run.code == 0, "\(run.errors)")
        let stats = try statistics()
        #expect(stats["persisted"] as? Int == 5)
        let inFlight = stats["maxInFlight"] as? Int ?? 0
        #expect(inFlight >= 1 && inFlight <= 2, "at most `concurrency` requests at once, got \(inFlight)")
        let ids = Set(stats["ids"] as? [String] ?? [])
        for name in ["A", "B", "C", "D", "E"] {
            let artifact = try String(
                contentsOf: folder.appendingPathComponent("Sources/__generated__/\(name)Query.graphql.swift"),
                encoding: .utf8)
            let id = try #require(artifact.firstMatch(of: /"id":"(persisted-[0-9a-f]{16})"/)?.1)
            #expect(ids.contains(String(id)))
        }

        // A compile after an edit sends only the changed text; the others' ids were kept.
        try write("Sources/A.swift", "let q = graphql(\"query AQuery { a b }\")\n")
        let again = ToolRun(["--config", folder.appendingPathComponent("relay.json").path], in: folder)
        #expect(again.code == 0, "\(again.errors)")
        #expect(try statistics()["persisted"] as? Int == 6)
    }

    @Test func aRefusalIsAnErrorNamingTheOperationAndTheServersMessage() throws {
        #expect(port > 0, "the persisting server did not start")
        try project(token: "wrong")
        let run = ToolRun(
            ["--config", folder.appendingPathComponent("relay.json").path, "--no-cache"], in: folder)
        #expect(run.code == 1)
        #expect(
            run.errors.contains {
                $0.contains("persisting AQuery to http://127.0.0.1:\(port)/persist failed")
                    && $0.contains("the header X-Persist-Token is missing or wrong")
            }, "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/__generated__").path))
    }
}
