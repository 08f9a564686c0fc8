import Foundation
import Relay
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The TodoApp example's real GraphQL server (`Examples/TodoServer/server.py`: graphql-core, the
/// `websockets` package) as a process of the test's own on loopback ports, which the test can
/// kill and start again on the same ports. `RELAY_TODO_SERVER_PYTHON` names a Python that has
/// those packages (`.ci/run` makes one); without it the tests that need the server are skipped.
final class LiveTodoServer: @unchecked Sendable {
    static let python = ProcessInfo.processInfo.environment["RELAY_TODO_SERVER_PYTHON"]
    static let skipReason: Comment =
        "set RELAY_TODO_SERVER_PYTHON to a Python with graphql-core 3.3 and websockets (bash .ci/todo-server-venv.sh prints one)"

    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/TodoServer/server.py")

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let folder: URL
    private let extraArguments: [String]
    private var process: Process?
    private(set) var httpPort = 0
    private(set) var webSocketPort = 0

    var url: URL { URL(string: "http://127.0.0.1:\(httpPort)/graphql")! }
    var streamURL: URL { URL(string: "http://127.0.0.1:\(httpPort)/graphql/stream")! }
    var webSocketURL: URL { URL(string: "ws://127.0.0.1:\(webSocketPort)/graphql")! }

    /// Starts a server with no to-dos on free ports; `files` are written into its folder first
    /// (a persisted-queries manifest), and `arguments` may name them by `{folder}/…`.
    init(arguments: [String] = [], files: [String: Data] = [:]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-todo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, contents) in files { try contents.write(to: folder.appendingPathComponent(name)) }
        self.folder = folder
        extraArguments = arguments.map { $0.replacingOccurrences(of: "{folder}", with: folder.path) }
        try start()
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts the server: on free ports the first time, on the same ports after `kill()`, with
    /// the same to-dos.
    func start() throws {
        let portFile = folder.appendingPathComponent("port")
        try? FileManager.default.removeItem(at: portFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python ?? "python3")
        process.arguments =
            [
                Self.script.path, "--port", String(httpPort), "--ws-port", String(webSocketPort), "--port-file",
                portFile.path, "--ws-port-file", folder.appendingPathComponent("ws-port").path, "--data",
                folder.appendingPathComponent("todos.json").path, "--slow-ms", "200", "--stream-delay-ms", "20",
            ] + extraArguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        self.process = process
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: portFile.path) {
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard let http = try? String(contentsOf: portFile, encoding: .utf8), let port = Int(http),
            let ws = try? String(contentsOf: folder.appendingPathComponent("ws-port"), encoding: .utf8),
            let webSocket = Int(ws)
        else { throw Failure(description: "the TodoServer did not start (\(Self.script.path))") }
        (httpPort, webSocketPort) = (port, webSocket)
    }

    /// Kills the server at once (SIGKILL: no close frames, no goodbyes).
    func kill() {
        guard let process, process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Posts JSON to the server (`/graphql` or `/control`) and returns its answer. A `repeatable`
    /// request (one whose repetition changes nothing: a rename to the same text pushes nothing) is
    /// tried up to three times: on Linux, Foundation's HTTP client now and then fails a loopback
    /// request with an unknown error ("select/poll returned error") or a bad server response
    /// ("Empty reply from server", mostly with every core busy), whether or not it was sent.
    @discardableResult
    func post(_ path: String, _ body: [String: Any], repeatable: Bool = false) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(httpPort)\(path)")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        var attempt = 1
        while true {
            do {
                let (data, _) = try await URLSession.shared.data(for: request)
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            } catch let error as URLError
                where repeatable && [.unknown, .badServerResponse].contains(error.code) && attempt < 3
            {
                attempt += 1
            }
        }
    }

    /// Adds a to-do straight on the server; its id.
    func addTodo(_ text: String) async throws -> String {
        let answer = try await post(
            "/graphql",
            [
                "query": "mutation($text: String!) { addTodo(input: {text: $text}) { todoEdge { node { id } } } }",
                "variables": ["text": text],
            ])
        let data = answer["data"] as? [String: Any]
        let edge = (data?["addTodo"] as? [String: Any])?["todoEdge"] as? [String: Any]
        guard let id = (edge?["node"] as? [String: Any])?["id"] as? String else {
            throw Failure(description: "addTodo answered \(answer)")
        }
        return id
    }

    /// Renames a to-do straight on the server, which pushes the change to its subscribers.
    func rename(_ id: String, _ text: String) async throws {
        try await post(
            "/graphql",
            [
                "query":
                    "mutation($id: ID!, $text: String!) { renameTodo(input: {id: $id, text: $text}) { todo { id } } }",
                "variables": ["id": id, "text": text],
            ], repeatable: true)
    }

    /// How requests named their operations so far: `byId`, `byHash`, `notFound`, `registered`, `text`.
    func persistedQueryCounts() async throws -> [String: Int] {
        try await post("/control", [:], repeatable: true)["persistedQueries"] as? [String: Int] ?? [:]
    }

    /// Waits (checking every 20 ms, for at most 20 s) until the server has this many
    /// subscriptions listening and, when given, this many WebSockets open; returns early once
    /// `stopped` says so (a test never cancels a request in flight: swift-corelibs-foundation
    /// can stop the process when a cancel races the answer).
    func waitFor(subscriptions: Int, sockets: Int? = nil, unless stopped: @Sendable () -> Bool = { false })
        async throws
    {
        var last: [String: Any] = [:]
        for _ in 0..<1000 where !stopped() {
            last = try await post("/control", [:], repeatable: true)
            if last["subscriptions"] as? Int == subscriptions, sockets == nil || last["sockets"] as? Int == sockets {
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        if stopped() { return }
        throw Failure(description: "the server never had \(subscriptions) subscriptions: \(last)")
    }
}

/// `HTTPNetwork` for the tests against the live server, asking again when Foundation's HTTP
/// client fails a loopback request with "select/poll returned error" or "Empty reply from
/// server" (swift-corelibs-foundation on Linux, now and then, mostly with every core busy under
/// the thread sanitizer) — a fault of the test machine's client, not of the code under test. The requests it carries may be repeated: adding a to-do twice
/// only adds one more, which no test counts.
struct LoopbackRetryingNetwork: Network {
    let base: HTTPNetwork

    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        var attempt = 1
        while true {
            do {
                return try await base.execute(request: request, variables: variables)
            } catch RelayError.transport(let reason)
                where (reason.contains("select/poll") || reason.contains("Empty reply from server")) && attempt < 3
            {
                attempt += 1
            }
        }
    }
}
