import Foundation
import Testing

@testable import RelayCompiler

/// Inputs the fuzz harnesses (`Fuzz/`) found crashing, kept as tests.
struct FuzzRegressionTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Fuzz")

    /// FuzzCompile: a Swift file with 9 literals crashed the compiler on a 2-core machine. The
    /// parallel map cut 9 items into 8 chunks of 2, and the chunks past the end built an
    /// invalid range (`10..<9`).
    @Test func concurrentMapMatchesMapForEveryCount() {
        for count in 0...300 {
            let items = Array(0..<count)
            #expect(items.concurrentMap { $0 * 2 } == items.map { $0 * 2 }, "count \(count)")
        }
    }

    @Test func theFuzzedSwiftFileCompilesToDiagnostics() throws {
        let input = try Data(contentsOf: Self.fixtures.appendingPathComponent("FuzzCompile-chunk-past-the-end.bin"))
        var pipeline = Pipeline(schemaFiles: ["schema.graphql"], sourceDirectories: [])
        pipeline.swiftFiles = ["Fuzz.swift"]
        pipeline.inMemoryFiles = [
            "schema.graphql": "type Query { a: Int }", "Fuzz.swift": String(decoding: input, as: UTF8.self),
        ]
        let result = pipeline.run()
        #expect(result.literals.count > 8)
        #expect(result.diagnostics.contains { $0.severity == .error })
    }

    @Test func anyNumberOfLiteralsCompiles() {
        for count in 1...40 {
            var pipeline = Pipeline(schemaFiles: ["schema.graphql"], sourceDirectories: [])
            pipeline.swiftFiles = (0..<count).map { "Screen\($0).swift" }
            pipeline.inMemoryFiles = ["schema.graphql": "type Query { a: Int }"]
            for index in 0..<count {
                pipeline.inMemoryFiles["Screen\(index).swift"] = "let q = graphql(\"query Screen\(index)Query { a }\")"
            }
            let result = pipeline.run()
            #expect(result.diagnostics.isEmpty, "\(count) files")
            #expect(result.artifacts.count == count, "\(count) files")
        }
    }
}
