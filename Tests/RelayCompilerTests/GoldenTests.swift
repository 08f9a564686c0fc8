import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// The golden cases in `Golden/`: each folder has `Sources/`, `schema.graphql`, an optional
/// `relay.json` (its custom scalars and client schema extensions are used) and `expected/` — the generated files, or `diagnostics.txt` for a case with
/// errors. Every case is compiled and compared byte for byte; `UPDATE_GOLDEN=1 swift test`
/// rewrites `expected/`. The generated Swift of passing cases is type-checked, with the case's
/// sources, against the `Relay` module.
struct GoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    /// What a case produces: file name → contents.
    static func compile(_ name: String) throws -> [String: String] {
        let (result, folder) = try run(name)
        guard result.diagnostics.isEmpty else {
            let text = result.diagnostics.map {
                $0.description.replacingOccurrences(of: folder.path + "/", with: "")
            }.joined(separator: "\n")
            return ["diagnostics.txt": text + "\n"]
        }
        return Dictionary(
            result.artifacts.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.contents) },
            uniquingKeysWith: { first, _ in first })
    }

    /// A case compiled in memory, and its folder.
    static func run(_ name: String) throws -> (Pipeline.Result, URL) {
        let folder = root.appendingPathComponent(name)
        var configuration = CompilerConfiguration()
        let config = folder.appendingPathComponent("relay.json").path
        if FileManager.default.fileExists(atPath: config) {
            configuration = try CompilerConfiguration.load(path: config).get()
        }
        configuration.schemaFiles = [folder.appendingPathComponent("schema.graphql").path]
        configuration.sourceDirectories = [folder.appendingPathComponent("Sources").path]
        configuration.artifactDirectory = folder.appendingPathComponent("expected").path
        let pipeline = Pipeline(configuration: configuration)
        return (pipeline.run(), folder)
    }

    @Test(arguments: cases)
    func goldenCase(name: String) throws {
        let produced = try Self.compile(name)
        let expectedFolder = Self.root.appendingPathComponent(name).appendingPathComponent("expected")
        let manager = FileManager.default
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try? manager.removeItem(at: expectedFolder)
            try manager.createDirectory(at: expectedFolder, withIntermediateDirectories: true)
            for (file, contents) in produced {
                try contents.write(to: expectedFolder.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
        }
        let expectedFiles = ((try? manager.contentsOfDirectory(atPath: expectedFolder.path)) ?? []).sorted()
        #expect(expectedFiles == produced.keys.sorted(), "files of case \(name)")
        for file in expectedFiles {
            let expected = try String(contentsOf: expectedFolder.appendingPathComponent(file), encoding: .utf8)
            #expect(produced[file] == expected, "\(name)/expected/\(file) differs; UPDATE_GOLDEN=1 rewrites it")
        }
        guard produced["diagnostics.txt"] == nil else { return }
        let sources = Self.root.appendingPathComponent(name).appendingPathComponent("Sources")
        let swiftSources = try manager.contentsOfDirectory(atPath: sources.path).sorted().filter {
            $0.hasSuffix(".swift")
        }
        .map { try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8) }
        let source = (swiftSources + produced.keys.sorted().compactMap { produced[$0] }).joined(separator: "\n")
        guard let errors = try SwiftTypeChecker.errors(in: source) else {
            print("note: swiftc or the built Relay module not found; skipping the type check of golden case \(name)")
            return
        }
        #expect(errors.isEmpty, "golden case \(name) does not compile:\n\(errors)")
    }
}
