import Foundation
import RelayCompiler
import Testing

/// `relay.json`'s paths: relative to the file's folder, whether the file itself was named by an
/// absolute path or one relative to the current folder (`--config relay.json`, or no argument).
struct CompilerConfigurationTests {
    @Test func relativePathsResolveAgainstTheFilesFolder() throws {
        let manager = FileManager.default
        let name = "config-test-\(UUID().uuidString)"
        let root = URL(fileURLWithPath: manager.currentDirectoryPath).appendingPathComponent(".build/\(name)")
        try manager.createDirectory(at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: root) }
        try #"{"src": "Sources", "schema": "../server/schema.graphql", "schemaExtensions": ["./local.graphql"]}"#
            .write(to: root.appendingPathComponent("App/relay.json"), atomically: true, encoding: .utf8)
        for path in [".build/\(name)/App/relay.json", root.appendingPathComponent("App/relay.json").path] {
            let configuration = try CompilerConfiguration.load(path: path).get()
            #expect(configuration.schemaFiles == [root.appendingPathComponent("server/schema.graphql").path], "\(path)")
            #expect(configuration.schemaExtensionFiles == [root.appendingPathComponent("App/local.graphql").path])
            #expect(configuration.sourceDirectories == [root.appendingPathComponent("App/Sources").path])
        }
    }
}
