import Foundation
import GraphQLParser

/// One project of a configuration file: the single-project form's one project (no name), or
/// one entry of the multi-project form's `projects`.
public struct RelayProject: Equatable, Sendable {
    /// The name `projects` gives it; nil in the single-project form.
    public var name: String?
    public var configuration: CompilerConfiguration

    public init(name: String?, configuration: CompilerConfiguration) {
        self.name = name
        self.configuration = configuration
    }
}

/// relay.config.json's multi-project form, as a Relay app's monorepo writes it:
///
/// ```json
/// {"root": ".", "sources": {"src": "app", "shared": ["app", "admin"]},
///  "projects": {"app": {"schema": "schema.graphql", "output": "__generated__"}, "admin": {…}}}
/// ```
///
/// `sources` maps folders (relative to `root`) to the project or projects whose sources they
/// are; a folder inside another one belongs only to its own projects (Relay's "the more specific
/// path wins"). Each project takes the single-project form's options, with Relay's names for the
/// artifact folder (`output`) and the persisting (`persist`), and `schemaDir` for a schema split
/// into a folder of files.
enum MultiProjectConfiguration {
    /// The keys the file may have besides its projects'.
    static let fileKeys: Set<String> = Set([
        "root", "sources", "projects", "excludes", "featureFlags", "name", "header", "codegenCommand",
        "cacheDirectory", "$schema", "noSourceControl",
    ]).union(CompilerConfiguration.javaScriptOutputKeys)

    /// The keys a project may have.
    static let projectKeys: Set<String> = Set([
        "schema", "schemaDir", "schemaExtensions", "output", "artifactDirectory", "persist", "persistOutput",
        "customScalarTypes", "requireCustomScalarTypes", "requireFileNamePrefix", "featureFlags", "schemaConfig",
        "testPathRegex", "excludes", "base", "codegenCommand", "relativizeJsModulePaths", "variableNamesComment",
        "documents", "testSupport", "noFutureProofEnums",
    ]).union(CompilerConfiguration.javaScriptOutputKeys)

    static func projects(in file: ConfigurationJSON, folder: String) throws(Diagnostic) -> [RelayProject] {
        let top = ConfigurationKeys(object: file, folder: folder)
        if case .object(let members) = file.value,
            let misplaced = members.first(where: {
                !fileKeys.contains($0.key) && CompilerConfiguration.keys.contains($0.key)
            })
        {
            let place = misplaced.key == "src" ? "list source folders in \"sources\"" : "give it in each project"
            throw .error(
                "\"\(misplaced.key)\" is an option of the single-project form; with \"projects\", \(place)",
                at: misplaced.keyLocation)
        }
        try top.checkKeys(fileKeys)
        let root = ConfigurationKeys(object: file, folder: top.resolve(try top.string("root") ?? "."))
        guard let projectsValue = file["projects"], case .object(let entries) = projectsValue.value, !entries.isEmpty
        else {
            throw .error(
                "\"projects\" must map project names to their options, with at least one project",
                at: file["projects"]?.location)
        }
        let sources = try sourceFolders(of: file, root: root, projects: Set(entries.map(\.key)))
        var base = CompilerConfiguration()
        base.excludes = try top.strings("excludes").map(\.0)
        base.cacheDirectory = try top.string("cacheDirectory").map(top.resolve)
        if let flags = file["featureFlags"] {
            ConfigurationKeys.apply(try CompilerConfiguration.featureFlags(flags), to: &base)
        }
        var projects: [RelayProject] = []
        for entry in entries {
            guard case .object = entry.value.value else {
                throw .error(
                    "project \"\(entry.key)\" must be an object of options, not \(entry.value.kind)",
                    at: entry.value.location)
            }
            let keys = ConfigurationKeys(object: entry.value, folder: root.folder)
            if entry.value["base"] != nil {
                throw .error(
                    "project \"\(entry.key)\": \"base\" projects are not supported by relay-swift; list the base "
                        + "project's sources among this project's in \"sources\" instead",
                    at: entry.value["base"]?.location)
            }
            guard entry.value["schema"] != nil || entry.value["schemaDir"] != nil else {
                throw .error("project \"\(entry.key)\" needs \"schema\" or \"schemaDir\"", at: entry.keyLocation)
            }
            if entry.value["schema"] != nil, entry.value["schemaDir"] != nil {
                throw .error(
                    "project \"\(entry.key)\" has both \"schema\" and \"schemaDir\"; give one",
                    at: entry.value["schemaDir"]?.location)
            }
            var configuration = base
            try keys.read(allowing: projectKeys, into: &configuration)
            let own = sources.filter { $0.projects.contains(entry.key) }.map(\.folder)
            guard !own.isEmpty else {
                throw .error(
                    "project \"\(entry.key)\" has no sources: no folder in \"sources\" names it",
                    at: entry.keyLocation)
            }
            configuration.sourceDirectories = own
            // A folder inside one of this project's, given to other projects only, is theirs.
            for other in sources where !other.projects.contains(entry.key) {
                if own.contains(where: { other.folder.hasPrefix($0 + "/") }) {
                    configuration.excludes.append(other.folder + "/")
                }
            }
            projects.append(RelayProject(name: entry.key, configuration: configuration))
        }
        return projects
    }

    /// `sources`: each folder (resolved against `root`) with the projects it belongs to.
    private static func sourceFolders(of file: ConfigurationJSON, root: ConfigurationKeys, projects: Set<String>)
        throws(Diagnostic) -> [(folder: String, projects: [String])]
    {
        guard let sources = file["sources"], case .object(let entries) = sources.value else {
            throw .error(
                "\"sources\" must map source folders to a project name or a list of them",
                at: file["sources"]?.location ?? file.location)
        }
        var folders: [(folder: String, projects: [String])] = []
        for entry in entries {
            let names: [String]
            switch entry.value.value {
            case .string(let name): names = [name]
            case .array(let items) where !items.isEmpty && items.allSatisfy({ $0.string != nil }):
                names = items.compactMap(\.string)
            default:
                throw .error(
                    "\"sources\".\"\(entry.key)\" must be a project name or a list of them, not \(entry.value.kind)",
                    at: entry.value.location)
            }
            try check(names, of: entry, in: projects)
            folders.append((root.resolve(entry.key), names))
        }
        return folders
    }

    private static func check(_ names: [String], of entry: ConfigurationJSON.Member, in projects: Set<String>)
        throws(Diagnostic)
    {
        for name in names where !projects.contains(name) {
            let suggestions = Suggestions.suggestionList(name, projects.sorted())
            throw .error(
                "\"sources\".\"\(entry.key)\" names project \"\(name)\", which \"projects\" does not define."
                    + Suggestions.didYouMean(suggestions), at: entry.value.location)
        }
    }
}
