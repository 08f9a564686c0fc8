import Foundation
import RelayCompiler
import Testing

/// Output must not depend on the order files were created in, on where the project lives, or on
/// how the parallel stages were scheduled: the same sources give byte-identical artifacts.
struct DeterminismTests {
    /// Copies `sources` into a fresh folder, creating the files in `order`, and compiles it.
    private func compile(case name: String, order: ([String]) -> [String]) throws -> [String: String] {
        let manager = FileManager.default
        let folder = GoldenTests.root.appendingPathComponent(name)
        let sources = folder.appendingPathComponent("Sources")
        let copy = manager.temporaryDirectory.appendingPathComponent("determinism-\(UUID().uuidString)")
        try manager.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: copy) }
        for file in order(try manager.contentsOfDirectory(atPath: sources.path).sorted()) {
            try manager.copyItem(at: sources.appendingPathComponent(file), to: copy.appendingPathComponent(file))
        }
        var customScalars: [String: CustomScalarType] = [:]
        let config = folder.appendingPathComponent("relay.json").path
        if manager.fileExists(atPath: config) {
            customScalars = try CompilerConfiguration.load(path: config).get().customScalars
        }
        let result = Pipeline(
            schemaFiles: [folder.appendingPathComponent("schema.graphql").path], sourceDirectories: [copy.path],
            customScalars: customScalars, artifactDirectory: copy.appendingPathComponent("out").path
        ).run()
        var produced = Dictionary(
            result.artifacts.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.contents) },
            uniquingKeysWith: { first, _ in first })
        produced["diagnostics"] = result.diagnostics.map {
            $0.description.replacingOccurrences(of: copy.path, with: "<project>")
        }.joined(separator: "\n")
        return produced
    }

    @Test(arguments: GoldenTests.cases)
    func sameSourcesGiveIdenticalArtifacts(name: String) throws {
        let first = try compile(case: name) { $0 }
        #expect(!first.isEmpty)
        for round in 0..<3 {
            let again = try compile(case: name) { round.isMultiple(of: 2) ? $0.reversed() : $0.shuffled() }
            #expect(again.keys.sorted() == first.keys.sorted())
            for (file, contents) in first { #expect(again[file] == contents, "\(name)/\(file) differs between runs") }
        }
    }
}
