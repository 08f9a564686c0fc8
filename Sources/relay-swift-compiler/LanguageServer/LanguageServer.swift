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
    /// One workspace per project of `relay.json` (several in relay.config.json's multi-project
    /// form); each file belongs to the first project whose sources hold it.
    private var workspaces: [LanguageWorkspace] = []
    private var configurationProblem: Diagnostic?
    /// The files open in the editor, with their text.
    private var openDocuments: [String: String] = [:]
    /// The workspace's root folder.
    private var root = FileManager.default.currentDirectoryPath
    /// The client watches files for the server when asked to (dynamic registration).
    private var canWatchFiles = false
    /// The client applies workspace edits that create files (`resourceOperations` has
    /// `create`); code actions that create one are offered only then.
    private var canCreateFiles = false
    /// Logs each compile's stage timings.
    private let verbose: Bool
    /// The files the last publication gave diagnostics to, to clear them when they are fixed.
    private var filesWithDiagnostics: Set<String> = []
    private var shutdownRequested = false
    /// A change came in since diagnostics were last published.
    private var needsPublication = false

    init(connection: JSONRPCConnection, verbose: Bool = false, log: @escaping (String) -> Void) {
        self.connection = connection
        self.verbose = verbose
        self.log = log
    }

    /// Serves until `exit` or the end of the input; the process's exit code.
    func run() -> Int32 {
        while let message = connection.receive() {
            let method = message["method"] as? String ?? ""
            let parameters = message["params"] as? [String: Any] ?? [:]
            if let id = message["id"] {
                // A message with an id and no method answers one of the server's own requests.
                if message["method"] != nil { handleRequest(method, id: id, parameters) }
            } else if method == "exit" {
                return shutdownRequested ? 0 : 1
            } else {
                handleNotification(method, parameters)
            }
            // Changes that arrived together are compiled once, after the last of them.
            if needsPublication, !connection.hasBufferedMessage {
                needsPublication = false
                publishDiagnostics()
            }
        }
        return shutdownRequested ? 0 : 1
    }

    private func handleRequest(_ method: String, id: Any, _ parameters: [String: Any]) {
        switch method {
        case "initialize":
            root =
                (parameters["rootUri"] as? String).flatMap(Self.path(ofURI:))
                ?? parameters["rootPath"] as? String ?? FileManager.default.currentDirectoryPath
            let capabilities = parameters["capabilities"] as? [String: Any]
            let workspaceCapabilities = capabilities?["workspace"] as? [String: Any]
            let watching = workspaceCapabilities?["didChangeWatchedFiles"] as? [String: Any]
            canWatchFiles = watching?["dynamicRegistration"] as? Bool ?? false
            let workspaceEdit = workspaceCapabilities?["workspaceEdit"] as? [String: Any]
            canCreateFiles = (workspaceEdit?["resourceOperations"] as? [String])?.contains("create") ?? false
            loadConfiguration()
            connection.respond(
                to: id,
                result: [
                    "capabilities": [
                        "textDocumentSync": ["openClose": true, "change": 1],
                        "completionProvider": ["triggerCharacters": ["@", "$", "."]],
                        "hoverProvider": true,
                        "definitionProvider": true,
                        "referencesProvider": true,
                        "documentSymbolProvider": true,
                        "workspaceSymbolProvider": true,
                        "renameProvider": ["prepareProvider": true],
                        "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                        "inlayHintProvider": true,
                        "foldingRangeProvider": true,
                        "executeCommandProvider": ["commands": [Self.printOperationCommand]],
                    ] as [String: Any],
                    "serverInfo": ["name": "relay-swift-compiler", "version": CommandLineTool.version],
                ])
        case "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
            "textDocument/prepareRename":
            connection.respond(to: id, result: answer(method, parameters) ?? NSNull())
        case "textDocument/rename":
            switch rename(parameters) {
            case .success(let edit): connection.respond(to: id, result: edit)
            case .failure(let refusal): connection.respond(to: id, errorCode: -32803, message: refusal.message)
            }
        case "relay/printOperation":
            // Relay's request: a text document position; the operation's name and text.
            connection.respond(to: id, result: printOperation(parameters) ?? NSNull())
        case "workspace/executeCommand":
            // The same as a command: its arguments are the document's URI and the position.
            let arguments = parameters["arguments"] as? [Any] ?? []
            guard parameters["command"] as? String == Self.printOperationCommand, arguments.count == 2 else {
                connection.respond(to: id, errorCode: -32602, message: "unknown command or arguments")
                return
            }
            let position = ["textDocument": ["uri": arguments[0]], "position": arguments[1]]
            connection.respond(to: id, result: printOperation(position) ?? NSNull())
        case "textDocument/inlayHint":
            connection.respond(to: id, result: inlayHints(parameters))
        case "textDocument/codeAction":
            connection.respond(to: id, result: codeActions(parameters))
        case "textDocument/foldingRange":
            connection.respond(to: id, result: foldingRanges(parameters))
        case "textDocument/documentSymbol":
            connection.respond(to: id, result: documentSymbols(parameters))
        case "workspace/symbol":
            connection.respond(to: id, result: workspaceSymbols(parameters))
        case "shutdown":
            shutdownRequested = true
            connection.respond(to: id, result: NSNull())
        default:
            connection.respond(to: id, errorCode: -32601, message: "\(method) is not supported")
        }
    }

    private func handleNotification(_ method: String, _ parameters: [String: Any]) {
        let document = parameters["textDocument"] as? [String: Any] ?? [:]
        let path = (document["uri"] as? String).flatMap(Self.path(ofURI:))
        switch method {
        case "initialized":
            // Files changed outside the editor (a branch switch, a generator) are sent to us.
            guard canWatchFiles else { return }
            let watchers = ["**/*.swift", "**/*.graphql", "**/*.json"].map { ["globPattern": $0] }
            connection.send([
                "id": "relay-swift-watch", "method": "client/registerCapability",
                "params": [
                    "registrations": [
                        [
                            "id": "relay-swift-files", "method": "workspace/didChangeWatchedFiles",
                            "registerOptions": ["watchers": watchers],
                        ] as [String: Any]
                    ]
                ],
            ])
            return
        case "textDocument/didOpen":
            guard let path else { return }
            let text = document["text"] as? String ?? ""
            openDocuments[path] = text
            for workspace in workspaces { workspace.setText(text, of: path) }
            reportIfOutsideProject(path, text: text)
        case "textDocument/didChange":
            // Full synchronization: the last change holds the whole text.
            let changes = parameters["contentChanges"] as? [[String: Any]] ?? []
            guard let path, let text = changes.last?["text"] as? String else { return }
            openDocuments[path] = text
            for workspace in workspaces { workspace.setText(text, of: path) }
        case "textDocument/didClose":
            guard let path else { return }
            openDocuments[path] = nil
            for workspace in workspaces { workspace.setText(nil, of: path) }
        case "textDocument/didSave":
            guard let path, path == configurationPath else { return }
            loadConfiguration()
        case "workspace/didChangeWatchedFiles":
            // Files changed on disk: read again unless open; a new relay.json starts over.
            let changes = parameters["changes"] as? [[String: Any]] ?? []
            let paths = changes.compactMap { ($0["uri"] as? String).flatMap(Self.path(ofURI:)) }
            if paths.contains(configurationPath) {
                loadConfiguration()
            } else {
                for changed in paths where openDocuments[changed] == nil {
                    for workspace in workspaces { workspace.setText(nil, of: changed) }
                }
            }
            if paths.isEmpty { return }
        default: return
        }
        needsPublication = true
    }

    /// The workspace's `relay.json` (or a Relay app's `relay.config.json`): in its root folder,
    /// or in the current folder.
    private var configurationPath: String { CompilerConfiguration.fileName(in: root) }

    /// Reads `relay.json` (again) and starts a workspace of its project with the open
    /// documents' text.
    /// Without `"src"` (the build plugin's minimal `relay.json`), the Swift files of the
    /// package's targets, or of the workspace when it is not a package.
    private func loadConfiguration() {
        workspaces = []
        configurationProblem = nil
        outsideFilesReported = []
        guard FileManager.default.fileExists(atPath: configurationPath) else {
            tell(
                .warning,
                """
                relay-swift: no relay.json in \(root), so the GraphQL in Swift files is not checked. \
                Add one with at least "schema" (see docs/Editors.md).
                """)
            return
        }
        switch CompilerConfiguration.loadProjects(path: configurationPath) {
        case .success(let projects):
            let folder = (configurationPath as NSString).deletingLastPathComponent
            for project in projects {
                for implied in RelayProject.sourcesImplied(by: project.configuration, in: folder) {
                    startWorkspace(of: implied, in: project.name)
                }
            }
        case .failure(let problem):
            configurationProblem = problem
            tell(
                .error,
                "relay-swift: relay.json has an error, so nothing is checked until it is fixed: \(problem.message)")
        }
        needsPublication = true
    }

    /// Starts the workspace of one project (of a project of `relay.json`, or one target of a
    /// package whose `relay.json` names no sources) with the open documents' text, and says why
    /// it checks nothing when it has no Swift files.
    private func startWorkspace(of project: RelayProject, in configuredProject: String?) {
        let configuration = project.configuration
        let workspace = LanguageWorkspace(configuration: configuration)
        for (path, text) in openDocuments { workspace.setText(text, of: path) }
        workspaces.append(workspace)
        let problems = workspace.sourceProblems.map(\.message)
        let name = [configuredProject, project.name].compactMap { $0 }.joined(separator: "/")
        let subject = name.isEmpty ? "" : "project \(name): "
        if workspace.swiftFileCount == 0 {
            let folders = configuration.sourceDirectories.map { Self.relative($0, to: root) }.joined(separator: ", ")
            let reason =
                problems.isEmpty
                ? "no Swift files in \(folders.isEmpty ? "the sources" : folders)"
                : problems.joined(separator: "; ")
            tell(
                .warning,
                """
                relay-swift: \(subject)\(reason), so nothing is checked. \
                Set "src" in relay.json to the folder of your Swift sources.
                """)
        } else {
            for problem in problems {
                tell(.warning, "relay-swift: \(subject)\(problem), so what it holds is not checked.")
            }
        }
    }

    /// The workspace of the project a file belongs to (the first project's for a file of none).
    private func workspace(for file: String) -> LanguageWorkspace? {
        workspaces.first { $0.isProjectFile(file) || $0.isSchemaFile(file) } ?? workspaces.first
    }

    /// LSP's message types.
    enum MessageType: Int {
        case error = 1
        case warning = 2
        case info = 3
    }

    /// Tells the editor's user (`window/showMessage`) and the log.
    private func tell(_ type: MessageType, _ message: String) {
        log("relay-swift-compiler lsp: \(message)")
        connection.notify("window/showMessage", ["type": type.rawValue, "message": message])
    }

    /// Open Swift files with GraphQL outside the project, already told about.
    private var outsideFilesReported: Set<String> = []

    /// An opened Swift file that calls `graphql(` but is not among the project's sources gets
    /// no diagnostics; the user is told once why.
    private func reportIfOutsideProject(_ path: String, text: String) {
        guard !workspaces.isEmpty, path.hasSuffix(".swift"), !workspaces.contains(where: { $0.isProjectFile(path) }),
            text.contains("graphql("),
            outsideFilesReported.insert(path).inserted
        else { return }
        tell(
            .info,
            """
            relay-swift: \(Self.relative(path, to: root)) is not among relay.json's sources, so its GraphQL \
            is not checked.
            """)
    }

    /// A path relative to a folder when it is inside it.
    static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Compiles the project with the open documents' unsaved text and publishes what it found,
    /// for every open file and every file with diagnostics (an empty list clears a fixed file).
    private func publishDiagnostics() {
        var byFile: [String: [Diagnostic]] = [:]
        if let configurationProblem {
            byFile[configurationProblem.location?.file ?? "", default: []].append(configurationProblem)
        } else {
            for workspace in workspaces {
                let compilation = workspace.compile()
                if verbose { log("compiled: \(compilation.timings)") }
                // A schema or source two projects share: each finding once.
                for (file, diagnostics) in compilation.diagnostics {
                    byFile[file, default: []] += diagnostics.filter { !(byFile[file] ?? []).contains($0) }
                }
            }
        }
        for file in filesWithDiagnostics.union(byFile.keys).union(openDocuments.keys).sorted() where !file.isEmpty {
            let text =
                workspace(for: file)?.text(of: file) ?? (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
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

    /// The answer to a request about a position in a document.
    private func answer(_ method: String, _ parameters: [String: Any]) -> Any? {
        guard let (path, workspace, text, offset) = positionRequest(parameters).map(\.parts) else { return nil }
        switch method {
        case "textDocument/completion":
            let items = workspace.completions(in: path, atByte: offset)
            return ["isIncomplete": false, "items": items.map(Self.lspCompletion)] as [String: Any]
        case "textDocument/references":
            let context = parameters["context"] as? [String: Any]
            let locations = workspace.references(
                in: path, atByte: offset, includeDeclaration: context?["includeDeclaration"] as? Bool ?? true)
            return locations.map { lspLocation($0, in: workspace) }
        case "textDocument/prepareRename":
            guard let location = workspace.renameLocation(in: path, atByte: offset) else { return nil }
            return Self.lspRange(location, lines: text.split(separator: "\n", omittingEmptySubsequences: false))
        case "textDocument/hover":
            guard let (markdown, location) = workspace.hover(in: path, atByte: offset) else { return nil }
            return [
                "contents": ["kind": "markdown", "value": markdown],
                "range": Self.lspRange(location, lines: text.split(separator: "\n", omittingEmptySubsequences: false)),
            ]
        default:
            guard let location = workspace.definition(in: path, atByte: offset) else { return nil }
            return lspLocation(location, in: workspace)
        }
    }

    /// An LSP `Location`: the file's URI and the range, in the UTF-16 columns of its text.
    private func lspLocation(_ location: SourceLocation, in workspace: LanguageWorkspace) -> [String: Any] {
        let target = workspace.text(of: location.file) ?? (try? String(contentsOfFile: location.file, encoding: .utf8))
        let lines = (target ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        return [
            "uri": URL(fileURLWithPath: location.file).absoluteString, "range": Self.lspRange(location, lines: lines),
        ]
    }

    /// A request about a position in a document: its file, workspace, text, and the position
    /// as a byte offset of the text.
    private struct PositionRequest {
        let path: String
        let workspace: LanguageWorkspace
        let text: String
        let offset: Int
        var parts: (String, LanguageWorkspace, String, Int) { (path, workspace, text, offset) }
    }

    private func positionRequest(_ parameters: [String: Any]) -> PositionRequest? {
        let document = parameters["textDocument"] as? [String: Any] ?? [:]
        guard let path = (document["uri"] as? String).flatMap(Self.path(ofURI:)), let workspace = workspace(for: path),
            let text = workspace.text(of: path), let position = parameters["position"] as? [String: Any],
            let line = position["line"] as? Int, let character = position["character"] as? Int
        else { return nil }
        let offset = Self.byteOffset(line: line, utf16Column: character, in: text)
        return PositionRequest(path: path, workspace: workspace, text: text, offset: offset)
    }

    /// A request about a range of a document: its file, workspace, text lines, and the range's
    /// lines (1-based).
    private struct RangeRequest {
        let path: String
        let workspace: LanguageWorkspace
        let lines: [Substring]
        let range: ClosedRange<Int>
    }

    private func rangeRequest(_ parameters: [String: Any]) -> RangeRequest? {
        let document = parameters["textDocument"] as? [String: Any] ?? [:]
        let range = parameters["range"] as? [String: Any] ?? [:]
        guard let path = (document["uri"] as? String).flatMap(Self.path(ofURI:)), let workspace = workspace(for: path),
            let first = (range["start"] as? [String: Any])?["line"] as? Int,
            let last = (range["end"] as? [String: Any])?["line"] as? Int, first <= last
        else { return nil }
        let lines = (workspace.text(of: path) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        return RangeRequest(path: path, workspace: workspace, lines: lines, range: (first + 1)...(last + 1))
    }

    /// The quick fixes of the diagnostics on the request's lines (LSP `CodeAction`s).
    private func codeActions(_ parameters: [String: Any]) -> [[String: Any]] {
        guard let request = rangeRequest(parameters) else { return [] }
        return request.workspace.codeActions(in: request.path, lines: request.range).compactMap { action in
            guard action.createdFiles.isEmpty || canCreateFiles else { return nil }
            return [
                "title": action.title, "kind": "quickfix",
                "diagnostics": [Self.lspDiagnostic(action.diagnostic, lines: request.lines)],
                "edit": workspaceEdit(action.edits, in: request.workspace, creating: action.createdFiles),
            ]
        }
    }

    /// The type hints of the request's lines (LSP `InlayHint`s: kind 1, a type).
    private func inlayHints(_ parameters: [String: Any]) -> [[String: Any]] {
        guard let request = rangeRequest(parameters) else { return [] }
        return request.workspace.inlayHints(in: request.path, lines: request.range).map { hint in
            let range = Self.lspRange(hint.location, lines: request.lines)
            return ["position": range["start"] ?? [:], "label": hint.label, "kind": 1]
        }
    }

    /// An LSP `WorkspaceEdit`: the edits by document URI; with `documentChanges` when it
    /// creates files (each created before its edits).
    private func workspaceEdit(
        _ edits: [TextEdit], in workspace: LanguageWorkspace, creating created: [String] = []
    ) -> [String: Any] {
        var changes: [String: [[String: Any]]] = [:]
        var order: [String] = []
        for edit in edits {
            let location = lspLocation(edit.location, in: workspace)
            let uri = location["uri"] as? String ?? ""
            if changes[uri] == nil { order.append(uri) }
            changes[uri, default: []].append(["range": location["range"] ?? [:], "newText": edit.newText])
        }
        guard !created.isEmpty else { return ["changes": changes] }
        let creations: [[String: Any]] = created.map { file in
            ["kind": "create", "uri": URL(fileURLWithPath: file).absoluteString, "options": ["ignoreIfExists": true]]
        }
        let documentEdits: [[String: Any]] = order.map { uri in
            ["textDocument": ["uri": uri, "version": NSNull()] as [String: Any], "edits": changes[uri] ?? []]
        }
        return ["documentChanges": creations + documentEdits]
    }

    /// A rename's LSP `WorkspaceEdit` (the edits by document URI), or why it is refused.
    private func rename(_ parameters: [String: Any]) -> Result<[String: Any], RenameRefusal> {
        guard let request = positionRequest(parameters), let newName = parameters["newName"] as? String else {
            return .failure(RenameRefusal(message: "the rename request is incomplete"))
        }
        return request.workspace.rename(in: request.path, atByte: request.offset, to: newName).map {
            workspaceEdit($0, in: request.workspace)
        }
    }

    /// The command that prints an operation's full text.
    static let printOperationCommand = "relay-swift.printOperation"

    /// The operation at a position and the text the server gets for it: `{"name", "text"}`.
    private func printOperation(_ parameters: [String: Any]) -> [String: String]? {
        guard let request = positionRequest(parameters) else { return nil }
        return request.workspace.operationText(in: request.path, atByte: request.offset).map {
            ["name": $0.name, "text": $0.text]
        }
    }

    /// The folding ranges of a document's GraphQL (LSP `FoldingRange`s, 0-based lines).
    private func foldingRanges(_ parameters: [String: Any]) -> [[String: Any]] {
        let document = parameters["textDocument"] as? [String: Any] ?? [:]
        guard let path = (document["uri"] as? String).flatMap(Self.path(ofURI:)), let workspace = workspace(for: path)
        else { return [] }
        return workspace.foldingRanges(in: path).map { ["startLine": $0.lowerBound - 1, "endLine": $0.upperBound - 1] }
    }

    /// The outline of a document: its operations and fragments (LSP `DocumentSymbol`s).
    private func documentSymbols(_ parameters: [String: Any]) -> [[String: Any]] {
        let document = parameters["textDocument"] as? [String: Any] ?? [:]
        guard let path = (document["uri"] as? String).flatMap(Self.path(ofURI:)), let workspace = workspace(for: path)
        else { return [] }
        let lines = (workspace.text(of: path) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        return workspace.symbols(in: path).map { symbol in
            [
                "name": symbol.name, "detail": symbol.detail, "kind": Self.lspSymbolKind(symbol.kind),
                "range": Self.lspRange(symbol.location, lines: lines),
                "selectionRange": Self.lspRange(symbol.nameLocation, lines: lines),
            ]
        }
    }

    /// The project's operations and fragments whose names contain the query (LSP
    /// `SymbolInformation`s), from every workspace.
    private func workspaceSymbols(_ parameters: [String: Any]) -> [[String: Any]] {
        let query = parameters["query"] as? String ?? ""
        return workspaces.flatMap { workspace in
            workspace.symbols(matching: query).map { symbol in
                [
                    "name": symbol.name, "kind": Self.lspSymbolKind(symbol.kind), "containerName": symbol.detail,
                    "location": lspLocation(symbol.nameLocation, in: workspace),
                ]
            }
        }
    }

    /// LSP's `SymbolKind`: an operation is a function (12), something run; a fragment a struct
    /// (23), a shape of data; a schema type a class (5), interface (11), enum (10), struct (an
    /// input, 23) or type parameter (a scalar, 26); a schema field a field (8).
    static func lspSymbolKind(_ kind: GraphQLSymbol.Kind) -> Int {
        switch kind {
        case .query, .mutation, .subscription: 12
        case .fragment: 23
        case .schemaField: 8
        case .schemaType(let type):
            switch type {
            case .object, .union: 5
            case .interface: 11
            case .enumType: 10
            case .inputObject: 23
            case .scalar: 26
            }
        }
    }

    /// The UTF-8 offset of an LSP position (a 0-based line and a column in UTF-16 units).
    static func byteOffset(line: Int, utf16Column: Int, in text: String) -> Int {
        var offset = 0
        var currentLine = 0
        let utf8 = Array(text.utf8)
        while currentLine < line, offset < utf8.count {
            if utf8[offset] == UInt8(ascii: "\n") { currentLine += 1 }
            offset += 1
        }
        let lineEnd = utf8[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.count
        var units = 0
        let lineText = String(decoding: utf8[offset..<lineEnd], as: UTF8.self)
        for scalar in lineText.unicodeScalars {
            guard units < utf16Column else { break }
            units += scalar.utf16.count
            offset += scalar.utf8.count
        }
        return offset
    }

    static func lspCompletion(_ item: CompletionItem) -> [String: Any] {
        // LSP's CompletionItemKind numbers.
        let kind: Int =
            switch item.kind {
            case .field: 5
            case .argument: 6
            case .fragment: 18
            case .directive: 24
            case .variable: 6
            case .type: 7
            case .enumValue: 20
            case .keyword: 14
            }
        var result: [String: Any] = ["label": item.label, "kind": kind]
        if let detail = item.detail { result["detail"] = detail }
        if let documentation = item.documentation {
            result["documentation"] = ["kind": "markdown", "value": documentation]
        }
        if let insertText = item.insertText {
            result["insertText"] = insertText
            result["filterText"] = insertText
        }
        if item.isDeprecated { result["tags"] = [1] }
        return result
    }

    /// A location as an LSP range: 0-based lines, columns in UTF-16 units.
    static func lspRange(_ location: SourceLocation, lines: [Substring]) -> [String: Any] {
        func position(line: Int, column: Int) -> [String: Int] {
            let lineText = line >= 1 && line <= lines.count ? lines[line - 1] : ""
            let prefix = String(String.UnicodeScalarView(lineText.unicodeScalars.prefix(max(0, column - 1))))
            return ["line": max(0, line - 1), "character": prefix.utf16.count]
        }
        return [
            "start": position(line: location.line, column: location.column),
            "end": position(line: location.endLine, column: location.endColumn),
        ]
    }

    /// A diagnostic as LSP has it: 0-based lines, columns in UTF-16 units.
    static func lspDiagnostic(_ diagnostic: Diagnostic, lines: [Substring]) -> [String: Any] {
        let location = diagnostic.location ?? SourceLocation(file: "", line: 1, column: 1)
        var range = lspRange(location, lines: lines)
        // An empty range is widened to one character, which editors can underline.
        if var end = range["end"] as? [String: Int], end == range["start"] as? [String: Int] {
            end["character", default: 0] += 1
            range["end"] = end
        }
        return [
            "range": range,
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
