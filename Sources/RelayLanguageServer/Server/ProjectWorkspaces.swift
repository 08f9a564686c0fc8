import Foundation
import GraphQLParser
import RelayCompiler

/// The projects an editor's workspace holds: one `LanguageWorkspace` per project of its
/// `relay.json` (several in relay.config.json's multi-project form, one per target of a
/// package whose `relay.json` names no sources, as the command line reads it), the files the
/// editor has open, and the diagnostics last published.
final class ProjectWorkspaces {
    private(set) var workspaces: [LanguageWorkspace] = []
    private var configurationProblem: Diagnostic?
    /// The files open in the editor, with their text.
    private var openDocuments: [String: String] = [:]
    /// The workspace's root folder.
    var root = FileManager.default.currentDirectoryPath
    /// The files the last publication gave diagnostics to, to clear them when they are fixed.
    private var filesWithDiagnostics: Set<String> = []
    /// Open Swift files with GraphQL outside the project, already told about.
    private var outsideFilesReported: Set<String> = []
    /// Shows a message to the editor's user (`window/showMessage`) and logs it.
    private let tell: (LSP.ShowMessageParams.MessageType, String) -> Void

    init(tell: @escaping (LSP.ShowMessageParams.MessageType, String) -> Void) {
        self.tell = tell
    }

    /// The workspace's `relay.json` (or a Relay app's `relay.config.json`): in its root folder.
    var configurationPath: String { CompilerConfiguration.fileName(in: root) }

    /// Every configuration file the projects were read from: a change to one reads them again.
    private(set) var configurationPaths: Set<String> = []

    /// Reads `relay.json` (again) and starts a workspace of each of its projects with the open
    /// documents' text. Without one in the root folder, a package's targets that have their own
    /// (beside their sources, where the build plugin also looks) are the projects.
    func loadConfiguration() {
        workspaces = []
        configurationProblem = nil
        outsideFilesReported = []
        let hasRootFile = FileManager.default.fileExists(atPath: configurationPath)
        let configured: Result<[RelayProject], Diagnostic> =
            hasRootFile ? CompilerConfiguration.loadProjects(path: configurationPath) : .success([])
        var projects: [(RelayProject, String?)] = []
        var problem: Diagnostic?
        switch configured {
        case .success(let loaded):
            // Without a root file, an empty configuration: only targets with their own count.
            for project in hasRootFile ? loaded : [RelayProject(name: nil, configuration: CompilerConfiguration())] {
                switch RelayProject.sourcesImplied(by: project.configuration, in: root) {
                case .success(let implied):
                    let checked = hasRootFile ? implied : implied.filter { !$0.configuration.schemaFiles.isEmpty }
                    projects += checked.map { ($0, project.name) }
                case .failure(let failure): problem = failure
                }
            }
        case .failure(let failure): problem = failure
        }
        configurationPaths = Set(
            [configurationPath]
                + (SourceDiscovery.packageTargets(in: root) ?? []).map { CompilerConfiguration.fileName(in: $0.folder) }
        )
        if let problem {
            configurationProblem = problem
            tell(
                .error,
                "relay-swift: relay.json has an error, so nothing is checked until it is fixed: \(problem.message)")
            return
        }
        guard hasRootFile || !projects.isEmpty else {
            tell(
                .warning,
                """
                relay-swift: no relay.json in \(root), so the GraphQL in Swift files is not checked. \
                Add one with at least "schema" (see docs/Editors.md).
                """)
            return
        }
        for (project, configuredName) in projects { start(project, in: configuredName) }
        // `.graphql` files once every project is known: each goes to the one that owns it.
        for (path, text) in openDocuments where path.hasSuffix(".graphql") { setText(text, of: path) }
    }

    /// Starts the workspace of one project with the open documents' text, and says why it
    /// checks nothing when it has no Swift files.
    private func start(_ project: RelayProject, in configuredProject: String?) {
        let workspace = LanguageWorkspace(configuration: project.configuration)
        workspaces.append(workspace)
        for (path, text) in openDocuments where !path.hasSuffix(".graphql") { workspace.setText(text, of: path) }
        let problems = workspace.sourceProblems.map(\.message)
        let name = [configuredProject, project.name].compactMap { $0 }.joined(separator: "/")
        let subject = name.isEmpty ? "" : "project \(name): "
        guard workspace.swiftFileCount == 0 else {
            for problem in problems {
                tell(.warning, "relay-swift: \(subject)\(problem), so what it holds is not checked.")
            }
            return
        }
        let folders = project.configuration.sourceDirectories.map { Self.relative($0, to: root) }
        let reason =
            problems.isEmpty
            ? "no Swift files in \(folders.isEmpty ? "the sources" : folders.joined(separator: ", "))"
            : problems.joined(separator: "; ")
        tell(
            .warning,
            """
            relay-swift: \(subject)\(reason), so nothing is checked. \
            Set "src" in relay.json to the folder of your Swift sources.
            """)
    }

    /// The workspace of the project a file belongs to: the one listing it or its schema, else
    /// the one whose sources are nearest to it (a `.graphql` file the editor opened), else the
    /// first.
    func workspace(for file: String) -> LanguageWorkspace? {
        if let owner = workspaces.first(where: { $0.isProjectFile(file) || $0.isSchemaFile(file) }) { return owner }
        func nearness(_ workspace: LanguageWorkspace) -> Int {
            workspace.configuration.sourceDirectories.filter { file.hasPrefix($0 + "/") }.map(\.count).max() ?? -1
        }
        return workspaces.max { nearness($0) < nearness($1) } ?? workspaces.first
    }

    /// Gives a file the editor's text, or with nil the disk's again. A `.graphql` file that is
    /// no project's source or schema goes to the one project `workspace(for:)` picks.
    func setText(_ text: String?, of path: String) {
        let isLooseDocument =
            path.hasSuffix(".graphql") && !workspaces.contains { $0.isProjectFile(path) || $0.isSchemaFile(path) }
        if isLooseDocument {
            let owner = workspace(for: path)
            for workspace in workspaces { workspace.setText(workspace === owner ? text : nil, of: path) }
        } else {
            for workspace in workspaces { workspace.setText(text, of: path) }
        }
    }

    /// The editor opened, changed (text) or closed (nil) a file.
    func editorChanged(_ path: String, text: String?) {
        openDocuments[path] = text
        setText(text, of: path)
    }

    /// Files changed on disk: read again unless open; true when `relay.json` was among them
    /// (and read again).
    func diskChanged(_ paths: [String]) -> Bool {
        if !configurationPaths.isDisjoint(with: paths) {
            loadConfiguration()
            return true
        }
        for changed in paths where openDocuments[changed] == nil { setText(nil, of: changed) }
        return false
    }

    /// An opened Swift file with `graphql(…)` literals that is not among the project's sources
    /// gets no diagnostics; the user is told once why.
    func reportIfOutsideProject(_ path: String, text: String) {
        guard !workspaces.isEmpty, path.hasSuffix(".swift"), !workspaces.contains(where: { $0.isProjectFile(path) }),
            !SwiftSourceIndex.of(text, file: path).graphQLLiterals.isEmpty, outsideFilesReported.insert(path).inserted
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

    /// The text a file has for the editor: its workspace's, or the disk's.
    func text(of file: String) -> String? {
        workspace(for: file)?.text(of: file) ?? (try? String(contentsOfFile: file, encoding: .utf8))
    }

    /// Compiles every project with the open documents' unsaved text; what to publish, for
    /// every open file and every file with diagnostics (an empty list clears a fixed file).
    func compile(log: ((String) -> Void)?) -> [LSP.PublishDiagnosticsParams] {
        var byFile: [String: [Diagnostic]] = [:]
        if let configurationProblem {
            byFile[configurationProblem.location?.file ?? "", default: []].append(configurationProblem)
        } else {
            for workspace in workspaces {
                let compilation = workspace.compile()
                log?("compiled: \(compilation.timings)")
                // A schema or source two projects share: each finding once.
                for (file, diagnostics) in compilation.diagnostics {
                    byFile[file, default: []] += diagnostics.filter { !(byFile[file] ?? []).contains($0) }
                }
            }
        }
        defer { filesWithDiagnostics = Set(byFile.keys) }
        return filesWithDiagnostics.union(byFile.keys).union(openDocuments.keys).sorted().compactMap { file in
            guard !file.isEmpty else { return nil }
            let lines = Conversions.lines(text(of: file) ?? "")
            return LSP.PublishDiagnosticsParams(
                uri: Conversions.uri(ofPath: file),
                diagnostics: (byFile[file] ?? []).map { Conversions.diagnostic($0, lines: lines) })
        }
    }
}
