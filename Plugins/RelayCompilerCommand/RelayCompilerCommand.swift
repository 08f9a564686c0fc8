import Foundation
import PackagePlugin

/// `swift package relay-compile [--validate] [compiler options]`: runs the compiler on the
/// package's `relay.json` and writes `__generated__` folders into the source tree, for teams
/// that commit generated code (Relay's usual workflow). `--validate` writes nothing and fails
/// when the committed files are missing, outdated or stale.
@main
struct RelayCompilerCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let configuration = context.package.directoryURL.appending(path: "relay.json")
        var compilerArguments = arguments
        if !arguments.contains("--config") {
            if FileManager.default.fileExists(atPath: configuration.path) {
                compilerArguments = ["--config", configuration.path] + arguments
            } else if !arguments.contains("--src") {
                throw CommandError(
                    "no relay.json in \(context.package.directoryURL.path); add one or pass --src and --schema")
            }
        }
        let process = Process()
        process.executableURL = try context.tool(named: "relay-swift-compiler").url
        process.arguments = compilerArguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError("relay-swift-compiler failed (exit code \(process.terminationStatus))")
        }
    }
}

struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
