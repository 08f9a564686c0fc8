import Foundation
import GraphQLParser
import RelayCompiler

/// `relay-swift-compiler lsp`: a Language Server Protocol server over standard input and output
/// for the GraphQL in `graphql("""…""")` literals of Swift files. It reads the workspace's
/// `relay.json` and publishes the compiler's diagnostics for the open files as they change,
/// unsaved text included, at the Swift line and column of the GraphQL, so it runs beside
/// sourcekit-lsp on the same files (it reports only on GraphQL).
final class LanguageServer {
    private let connection: JSONRPCConnection
    private let log: (String) -> Void
    private var configuration: CompilerConfiguration?
    private var configurationProblem: Diagnostic?
    /// The schema, loaded once and shared by every compile.
    private var schema: Schema?
    /// The text of each open document, by file path.
    private var openDocuments: [String: String] = [:]
    /// The files the last publication gave diagnostics to, to clear them when they are fixed.
    private var filesWithDiagnostics: Set<String> = []
    private var shutdownRequested = false

    init(connection: JSONRPCConnection, log: @escaping (String) -> Void) {
        self.connection = connection
        self.log = log
    }

    /// Serves until `exit` or the end of the input; the process's exit code.
    func run() -> Int32 {
        while let message = connection.receive() {
            let method = message["method"] as? String ?? ""
            let parameters = message["params"] as? [String: Any] ?? [:]
            if let id = message["id"] {
                handleRequest(method, id: id, parameters)
            } else if method == "exit" {
                return shutdownRequested ? 0 : 1
            } else {
                handleNotification(method, parameters)
            }
        }
        return shutdownRequested ? 0 : 1
    }

    private func handleRequest(_ method: String, id: Any, _ parameters: [String: Any]) {
        switch method {
        case "initialize":
            loadConfiguration(parameters)
            connection.respond(
                to: id,
                result: [
                    "capabilities": ["textDocumentSync": ["openClose": true, "change": 1]],
                    "serverInfo": ["name": "relay-swift-compiler", "version": CommandLineTool.version],
                ])
        case "shutdown":
            shutdownRequested = true
            connection.respond(to: id, result: NSNull())
        default:
            connection.respond(to: id, errorCode: -32601, message: "\(method) is not supported")
        }
    }

    private func handleNotification(_ method: String, _ parameters: [String: Any]) {
        let document = parameters["textDocument"] as? [String: Any] ?? [:]
        guard let path = (document["uri"] as? String).flatMap(Self.path(ofURI:)) else { return }
        switch method {
        case "textDocument/didOpen":
            openDocuments[path] = document["text"] as? String ?? ""
        case "textDocument/didChange":
            // Full synchronization: the last change holds the whole text.
            let changes = parameters["contentChanges"] as? [[String: Any]] ?? []
            guard let text = changes.last?["text"] as? String else { return }
            openDocuments[path] = text
        case "textDocument/didClose":
            openDocuments[path] = nil
        case "textDocument/didSave": break
        default: return
        }
        publishDiagnostics()
    }

    /// `relay.json` in the workspace's root folder, or in the current folder.
    private func loadConfiguration(_ parameters: [String: Any]) {
        let root =
            (parameters["rootUri"] as? String).flatMap(Self.path(ofURI:))
            ?? parameters["rootPath"] as? String ?? FileManager.default.currentDirectoryPath
        let path = (root as NSString).appendingPathComponent("relay.json")
        guard FileManager.default.fileExists(atPath: path) else {
            log("relay-swift-compiler lsp: no relay.json in \(root); nothing to check")
            return
        }
        switch CompilerConfiguration.load(path: path) {
        case .success(let loaded): configuration = loaded
        case .failure(let problem): configurationProblem = problem
        }
    }

    /// Compiles the project with the open documents' unsaved text and publishes what it found,
    /// for every open file and every file with diagnostics (an empty list clears a fixed file).
    private func publishDiagnostics() {
        var byFile: [String: [Diagnostic]] = [:]
        if let configurationProblem {
            byFile[configurationProblem.location?.file ?? "", default: []].append(configurationProblem)
        } else if let configuration {
            // Diagnostics only: nothing is written, so the artifact layout does not matter.
            var pipeline = Pipeline(configuration: configuration)
            pipeline.loadedSchema = schema
            let files = configuration.swiftFiles
            pipeline.swiftFiles = files
            let listed = Set(files)
            pipeline.inMemoryFiles = openDocuments.filter { listed.contains($0.key) }
            let result = pipeline.run()
            // Kept from the first clean compile (a run with errors may have read a broken schema).
            if schema == nil, !result.diagnostics.containsErrors { schema = result.schema }
            for diagnostic in result.diagnostics {
                byFile[diagnostic.location?.file ?? "", default: []].append(diagnostic)
            }
        }
        for file in filesWithDiagnostics.union(byFile.keys).union(openDocuments.keys).sorted() where !file.isEmpty {
            let text = openDocuments[file] ?? (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            connection.notify(
                "textDocument/publishDiagnostics",
                [
                    "uri": URL(fileURLWithPath: file).absoluteString,
                    "diagnostics": (byFile[file] ?? []).map { Self.lspDiagnostic($0, lines: lines) },
                ])
        }
        filesWithDiagnostics = Set(byFile.keys)
    }

    /// A diagnostic as LSP has it: 0-based lines, columns in UTF-16 units.
    static func lspDiagnostic(_ diagnostic: Diagnostic, lines: [Substring]) -> [String: Any] {
        let location = diagnostic.location
        func position(line: Int, column: Int) -> [String: Int] {
            let lineText = line >= 1 && line <= lines.count ? lines[line - 1] : ""
            let prefix = String(String.UnicodeScalarView(lineText.unicodeScalars.prefix(max(0, column - 1))))
            return ["line": max(0, line - 1), "character": prefix.utf16.count]
        }
        let start = position(line: location?.line ?? 1, column: location?.column ?? 1)
        var end = position(
            line: location?.endLine ?? location?.line ?? 1, column: location?.endColumn ?? location?.column ?? 1)
        if end == start { end["character", default: 0] += 1 }
        return [
            "range": ["start": start, "end": end],
            "severity": diagnostic.severity == .error ? 1 : 2,
            "source": "relay-swift",
            "message": diagnostic.message,
        ]
    }

    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }
}
