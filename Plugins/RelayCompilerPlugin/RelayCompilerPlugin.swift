import Foundation
import PackagePlugin

/// Compiles a target's `graphql(…)` literals on every `swift build`.
///
/// A build-tool plugin must name the files a command writes before the command runs, and it
/// can read only the target's files, not the GraphQL inside them. So the plugin lists the Swift
/// files that call `graphql(` or declare a Relay Resolver (`@RelayResolver`) and the `.graphql`
/// files of relay.json's `documents`, and asks the
/// compiler for one `<File>.graphql.swift` per listed file (all of that file's operations and
/// fragments) plus `SchemaTypes.graphql.swift`, in the plugin's work directory. Inputs are those
/// files, the schema files and `relay.json`, so
/// SwiftPM reruns the compiler only when one of them changes, and the compiler rewrites only the
/// artifacts whose content changed, so only those are recompiled.
@main
struct RelayCompilerPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let allSwiftFiles = target.sourceFiles(withSuffix: "swift").map(\.url)
        let swiftFiles = allSwiftFiles.filter { !$0.path.contains("/__generated__/") }
        let swiftFilesWithLiterals = swiftFiles.filter(Self.callsGraphQL).sorted { $0.path < $1.path }
        guard !swiftFilesWithLiterals.isEmpty else { return [] }
        // Generated files committed by `swift package relay-compile` would be produced twice
        // (SwiftPM's "multiple producers"): say which way to choose instead.
        if let committed = allSwiftFiles.first(where: { $0.path.contains("/__generated__/") }) {
            throw PluginError(
                "target '\(target.name)' uses RelayCompilerPlugin, which generates its GraphQL on every build, and "
                    + "also has committed generated files (\(committed.path)); use one or the other: delete the "
                    + "__generated__ folders, or remove the plugin and run `swift package relay-compile`")
        }
        let configuration = try Self.configurationFile(
            in: [target.directoryURL, context.package.directoryURL], target: target.name)
        let schemaFiles = Self.configuredFiles(of: configuration, keys: ["schema", "schemaDir", "schemaExtensions"])
        let compiledFiles =
            swiftFilesWithLiterals
            + Self.documents(of: configuration, besides: Set(schemaFiles.map(\.standardized.path)))
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        var outputFiles =
            compiledFiles.map { output.appending(path: Self.artifactName(for: $0)) }
            + [output.appending(path: "SchemaTypes.graphql.swift")]
        // relay.json's `testSupport`: the list of every definition, for RelayTesting's check.
        if Self.asksForTestSupport(configuration) {
            outputFiles.append(output.appending(path: "RelayDefinitions.graphql.swift"))
        }
        var arguments = [
            "--config", configuration.path, "--artifact-directory", output.path, "--output-per-source",
            "--no-cache", "--quiet",
        ]
        for file in compiledFiles { arguments += ["--source-file", file.path] }
        return [
            .buildCommand(
                displayName: "Compiling GraphQL in \(target.name)",
                executable: try context.tool(named: "relay-swift-compiler").url,
                arguments: arguments,
                inputFiles: compiledFiles + schemaFiles + [configuration],
                outputFiles: outputFiles)
        ]
    }

    /// `Todo.swift` (or a document, `Todo.graphql`) → `Todo.graphql.swift`, as the compiler
    /// names it.
    static func artifactName(for swiftFile: URL) -> String {
        swiftFile.deletingPathExtension().lastPathComponent + ".graphql.swift"
    }

    /// The `.graphql` files of relay.json's `documents` (files, or folders looked through
    /// outside hidden and `__generated__` folders), but for the schema's, sorted.
    static func documents(of configuration: URL, besides schemaFiles: Set<String>) -> [URL] {
        let manager = FileManager.default
        var found: [URL] = []
        for path in configuredFiles(of: configuration, keys: ["documents"]) {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path.path, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                found.append(path)
                continue
            }
            let names = (manager.enumerator(atPath: path.path)?.allObjects as? [String]) ?? []
            for name in names where name.hasSuffix(".graphql") {
                let parts = name.split(separator: "/")
                guard !parts.contains(where: { $0.hasPrefix(".") || $0 == "__generated__" }) else { continue }
                found.append(path.appending(path: name))
            }
        }
        return found.filter { !schemaFiles.contains($0.standardized.path) }.sorted { $0.path < $1.path }
    }

    /// True when the file calls `graphql(` (spaces allowed before the parenthesis) or declares
    /// a Relay Resolver (`@RelayResolver` in a doc comment: the schema of the target's other
    /// files depends on it). The compiler reads the file properly; this is a quick look.
    static func callsGraphQL(_ file: URL) -> Bool {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return false }
        if text.contains("@RelayResolver") { return true }
        var rest = text[...]
        while let found = rest.range(of: "graphql") {
            rest = rest[found.upperBound...]
            if rest.drop(while: { $0 == " " || $0 == "\t" }).first == "(" { return true }
        }
        return false
    }

    /// `relay.json` (or a Relay app's `relay.config.json`) in the target's folder or, failing
    /// that, the package's.
    static func configurationFile(in folders: [URL], target: String) throws -> URL {
        for folder in folders {
            for name in ["relay.json", "relay.config.json"] {
                let candidate = folder.appending(path: name)
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            }
        }
        throw PluginError(
            "target '\(target)' uses RelayCompilerPlugin but has no relay.json (looked in "
                + folders.map(\.path).joined(separator: " and ") + ")")
    }

    /// relay.json sets `testSupport` (in the single-project form).
    static func asksForTestSupport(_ configuration: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: configuration.path),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return false }
        return object["testSupport"] as? Bool == true
    }

    /// The paths `relay.json` names under `keys` (the schema's, so that editing the schema
    /// reruns the compiler; `documents`), in the multi-project form every project's, relative
    /// to `root`. A file the compiler cannot read is its error to report.
    static func configuredFiles(of configuration: URL, keys: [String]) -> [URL] {
        guard let data = FileManager.default.contents(atPath: configuration.path),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return [] }
        let folder = configuration.deletingLastPathComponent()
        func paths(in object: [String: Any], from folder: URL) -> [URL] {
            keys.flatMap { key -> [URL] in
                let paths = (object[key] as? [String]) ?? (object[key] as? String).map { [$0] } ?? []
                return paths.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appending(path: $0) }
            }
        }
        guard let projects = object["projects"] as? [String: Any] else { return paths(in: object, from: folder) }
        let root = (object["root"] as? String).map { folder.appending(path: $0) } ?? folder
        return projects.keys.sorted().flatMap { name in
            (projects[name] as? [String: Any]).map { paths(in: $0, from: root) } ?? []
        }
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
