import Foundation
import PackagePlugin

/// `swift package relay-compile [--validate] [compiler options]`: runs the compiler with the
/// same `relay.json` the build plugin reads and writes `__generated__` folders into the source
/// tree, for teams that commit generated code (Relay's usual workflow). `--validate` writes
/// nothing and fails when the committed files are missing, outdated or stale.
///
/// Without `--src`, `--source-file` or a `"src"` in the package's `relay.json`, each source
/// target whose Swift files call `graphql(` is compiled with its own folder as the sources and
/// the `relay.json` of its folder or, failing that, the package's, as the build plugin does.
@main
struct RelayCompilerCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "relay-swift-compiler").url
        let packageConfiguration = context.package.directoryURL.appending(path: "relay.json")
        let namesSources = arguments.contains("--src") || arguments.contains("--source-file")
        if arguments.contains("--config") || namesSources
            || Self.configurationNamesSources(packageConfiguration)
        {
            let configuration =
                arguments.contains("--config") || !FileManager.default.fileExists(atPath: packageConfiguration.path)
                ? [] : ["--config", packageConfiguration.path]
            return try run(tool, configuration + arguments, in: context.package.directoryURL)
        }
        let targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }.filter { target in
            target.sourceFiles(withSuffix: "swift").contains {
                !$0.url.path.contains("/__generated__/") && Self.callsGraphQL($0.url)
            }
        }
        guard !targets.isEmpty else {
            throw CommandError("no target of \(context.package.displayName) has graphql(…) literals to compile")
        }
        for target in targets {
            let candidates = [target.directoryURL, context.package.directoryURL].map {
                $0.appending(path: "relay.json")
            }
            guard let configuration = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) })
            else {
                throw CommandError(
                    "target '\(target.name)' has graphql(…) literals but no relay.json (looked in its folder and the package's)"
                )
            }
            print("relay-compile: \(target.name) with \(configuration.path)")
            try run(
                tool, ["--config", configuration.path, "--src", target.directoryURL.path] + arguments,
                in: context.package.directoryURL)
        }
    }

    private func run(_ tool: URL, _ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError("relay-swift-compiler failed (exit code \(process.terminationStatus))")
        }
    }

    /// Whether the package's relay.json names its sources (`src`, or the multi-project `sources`).
    static func configurationNamesSources(_ configuration: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: configuration.path),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return false }
        return object["src"] != nil || object["sources"] != nil
    }

    /// True when the file calls `graphql(` (spaces allowed before the parenthesis).
    static func callsGraphQL(_ file: URL) -> Bool {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return false }
        var rest = text[...]
        while let found = rest.range(of: "graphql") {
            rest = rest[found.upperBound...]
            if rest.drop(while: { $0 == " " || $0 == "\t" }).first == "(" { return true }
        }
        return false
    }
}

struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
