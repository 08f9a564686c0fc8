import Foundation
import RelayCompiler

/// `relay-swift-compiler lsp`: a Language Server Protocol server over standard input and output
/// for the GraphQL in `graphql("""…""")` literals of Swift files and in `.graphql` files. It
/// reads the workspace's `relay.json` and publishes the compiler's diagnostics for the open
/// files as they change, unsaved text included, at the Swift line and column of the GraphQL,
/// so it runs beside sourcekit-lsp on the same files (it reports only on GraphQL).
///
/// This is the protocol's adapter: each method is decoded into its Swift parameter type and
/// answered by `Features` (the language service, `LanguageWorkspace`, which compiles through
/// the project driver as the command line does) or kept in `ProjectWorkspaces`.
public final class LanguageServer {
    private let connection: JSONRPCConnection
    private let log: (String) -> Void
    private let verbose: Bool
    /// The compiler's version, told to the client.
    private let version: String
    private var projects: ProjectWorkspaces
    private var features: Features
    /// The client watches files for the server when asked to (dynamic registration).
    private var canWatchFiles = false
    private var shutdownRequested = false
    /// A change came in since diagnostics were last published.
    private var needsPublication = false
    /// The handlers of requests and notifications, by method.
    private var requests: [String: (IncomingMessage, RequestID) throws -> Void] = [:]
    private var notifications: [String: (IncomingMessage) throws -> Void] = [:]

    public init(
        connection: JSONRPCConnection, version: String, verbose: Bool = false, log: @escaping (String) -> Void
    ) {
        self.connection = connection
        self.version = version
        self.verbose = verbose
        self.log = log
        let projects = ProjectWorkspaces { type, message in
            log("relay-swift-compiler lsp: \(message)")
            connection.notify("window/showMessage", LSP.ShowMessageParams(type: type, message: message))
        }
        self.projects = projects
        features = Features(projects: projects)
        registerHandlers()
    }

    /// Serves until `exit` or the end of the input; the process's exit code.
    public func run() -> Int32 {
        while let message = connection.receive() {
            if message.method == "exit" { return shutdownRequested ? 0 : 1 }
            handle(message)
            // Changes that arrived together are compiled once, after the last of them.
            if needsPublication, !connection.hasBufferedMessage {
                needsPublication = false
                for publication in projects.compile(log: verbose ? log : nil) {
                    connection.notify("textDocument/publishDiagnostics", publication)
                }
            }
        }
        return shutdownRequested ? 0 : 1
    }

    private func handle(_ message: IncomingMessage) {
        // A message with an id and no method answers one of the server's own requests.
        guard let method = message.method else { return }
        do {
            if let id = message.id {
                guard let handler = requests[method] else {
                    connection.respond(
                        to: id, error: ResponseError(code: .methodNotFound, message: "\(method) is not supported"))
                    return
                }
                try handler(message, id)
            } else {
                try notifications[method]?(message)
            }
        } catch {
            log("relay-swift-compiler lsp: \(method) had parameters it could not read: \(error)")
            if let id = message.id {
                connection.respond(to: id, error: ResponseError(code: .invalidParams, message: "invalid parameters"))
            }
        }
    }

    /// `method`'s requests, decoded as `Parameters`, answered with `answer`'s value (`null`
    /// for nil).
    private func on<Parameters: Decodable, Answer: Encodable>(
        _ method: String, _ answer: @escaping (Parameters) -> Answer?
    ) {
        requests[method] = { [connection] message, id in
            connection.respond(to: id, result: answer(try message.parameters(Parameters.self)))
        }
    }

    private func when<Parameters: Decodable>(_ method: String, _ handle: @escaping (Parameters) -> Void) {
        notifications[method] = { message in handle(try message.parameters(Parameters.self)) }
    }

    private func registerHandlers() {
        on("initialize") { [unowned self] in initialize($0) }
        on("shutdown") { [unowned self] (_: Empty?) -> Empty? in
            shutdownRequested = true
            return nil
        }
        on("textDocument/completion") { [unowned self] in features.completion($0) }
        on("textDocument/hover") { [unowned self] in features.hover($0) }
        on("textDocument/definition") { [unowned self] in features.definition($0) }
        on("textDocument/references") { [unowned self] in features.references($0) }
        on("textDocument/prepareRename") { [unowned self] in features.prepareRename($0) }
        on("relay/printOperation") { [unowned self] in features.printOperation($0) }
        on("textDocument/inlayHint") { [unowned self] in features.inlayHints($0) }
        on("textDocument/codeAction") { [unowned self] in features.codeActions($0) }
        on("textDocument/foldingRange") { [unowned self] in features.foldingRanges($0) }
        on("textDocument/documentSymbol") { [unowned self] in features.documentSymbols($0) }
        on("workspace/symbol") { [unowned self] in features.workspaceSymbols($0) }
        requests["textDocument/rename"] = { [unowned self] message, id in
            switch features.rename(try message.parameters(LSP.RenameParams.self)) {
            case .success(let edit): connection.respond(to: id, result: edit)
            case .failure(let refusal):
                connection.respond(to: id, error: ResponseError(code: .requestFailed, message: refusal.message))
            }
        }
        requests["workspace/executeCommand"] = { [unowned self] message, id in
            let command = try message.parameters(LSP.ExecuteCommandParams.self)
            guard command.command == Features.printOperationCommand, let position = command.position else {
                connection.respond(
                    to: id, error: ResponseError(code: .invalidParams, message: "unknown command or arguments"))
                return
            }
            connection.respond(to: id, result: features.printOperation(position))
        }
        when("initialized") { [unowned self] (_: Empty?) in watchFiles() }
        when("textDocument/didOpen") { [unowned self] (opened: LSP.DidOpenParams) in
            guard let path = Conversions.path(ofURI: opened.textDocument.uri) else { return }
            projects.editorChanged(path, text: opened.textDocument.text)
            projects.reportIfOutsideProject(path, text: opened.textDocument.text)
            needsPublication = true
        }
        when("textDocument/didChange") { [unowned self] (changed: LSP.DidChangeParams) in
            guard let path = Conversions.path(ofURI: changed.textDocument.uri),
                let text = changed.contentChanges.last?.text
            else { return }
            projects.editorChanged(path, text: text)
            needsPublication = true
        }
        when("textDocument/didClose") { [unowned self] (closed: LSP.DocumentParams) in
            guard let path = Conversions.path(ofURI: closed.textDocument.uri) else { return }
            projects.editorChanged(path, text: nil)
            needsPublication = true
        }
        when("textDocument/didSave") { [unowned self] (saved: LSP.DocumentParams) in
            guard let path = Conversions.path(ofURI: saved.textDocument.uri), projects.configurationPaths.contains(path)
            else { return }
            projects.loadConfiguration()
            needsPublication = true
        }
        when("workspace/didChangeWatchedFiles") { [unowned self] (watched: LSP.WatchedFilesParams) in
            let paths = watched.changes.compactMap { Conversions.path(ofURI: $0.uri) }
            guard !paths.isEmpty else { return }
            _ = projects.diskChanged(paths)
            needsPublication = true
        }
    }

    private func initialize(_ parameters: LSP.InitializeParams) -> LSP.InitializeResult {
        projects.root =
            parameters.rootUri.flatMap(Conversions.path(ofURI:)) ?? parameters.rootPath
            ?? FileManager.default.currentDirectoryPath
        let workspace = parameters.capabilities?.workspace
        canWatchFiles = workspace?.didChangeWatchedFiles?.dynamicRegistration ?? false
        features.canCreateFiles = workspace?.workspaceEdit?.resourceOperations?.contains("create") ?? false
        projects.loadConfiguration()
        needsPublication = true
        return LSP.InitializeResult(
            capabilities: LSP.ServerCapabilities(
                executeCommandProvider: .init(commands: [Features.printOperationCommand])),
            serverInfo: .init(name: "relay-swift-compiler", version: version))
    }

    /// Files changed outside the editor (a branch switch, a generator) are sent to us.
    private func watchFiles() {
        guard canWatchFiles else { return }
        let watchers = ["**/*.swift", "**/*.graphql", "**/*.json"].map {
            LSP.RegistrationParams.Watcher(globPattern: $0)
        }
        connection.request(
            "relay-swift-watch", "client/registerCapability",
            LSP.RegistrationParams(registrations: [
                .init(
                    id: "relay-swift-files", method: "workspace/didChangeWatchedFiles",
                    registerOptions: .init(watchers: watchers))
            ]))
    }
}

/// Parameters or an answer with nothing in them.
struct Empty: Codable {}
