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
            for minimum in [0, 8, 37] {
                #expect(
                    items.concurrentMap(minimumChunkSize: minimum) { $0 * 2 } == items.map { $0 * 2 },
                    "count \(count), at least \(minimum) a chunk")
            }
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

/// Pathological input gives a diagnostic, not a crash: a chain of fragments each spreading the
/// next overflowed the stack of a later stage's recursion (3,000 fragments) before selections
/// were limited in depth through spreads, as the parser limits them within a document.
struct SelectionDepthTests {
    static func chain(_ count: Int) -> Pipeline {
        var literals = [#"let q = graphql("query ChainQuery { node { ...Chain_f0 } }")"#]
        for index in 0..<count {
            let next = index + 1 < count ? " ...Chain_f\(index + 1)" : ""
            literals.append(#"let f\#(index) = graphql("fragment Chain_f\#(index) on Node { id\#(next) }")"#)
        }
        var pipeline = Pipeline(schemaFiles: ["schema.graphql"], sourceDirectories: [])
        pipeline.swiftFiles = ["Chain.swift"]
        pipeline.inMemoryFiles = [
            "schema.graphql": "type Query { node: Node } type Node { id: ID! }",
            "Chain.swift": literals.joined(separator: "\n"),
        ]
        return pipeline
    }

    @Test func aLongFragmentChainIsOneDiagnostic() {
        let result = Self.chain(400).run()
        #expect(
            result.diagnostics.map(\.message) == [
                "\"ChainQuery\" nests selections more than 200 levels deep through its fragment spreads."
            ])
        #expect(result.diagnostics.first?.location?.file == "Chain.swift")
        #expect(result.artifacts.isEmpty)
    }

    @Test func aModerateChainCompiles() {
        let result = Self.chain(40).run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.artifacts.count == 41)
    }
}
