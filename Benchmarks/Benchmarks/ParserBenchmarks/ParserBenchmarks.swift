import Benchmark
import Foundation
import GraphQL
import GraphQLParser

/// Parses the shared workloads with GraphQLParser and with GraphQLSwift in the same run.
///
/// Benchmark names are `Parse <workload> (<parser>)`, so the two parsers sit next to each other
/// in the report. Throughput is documents per second; divide the workload size by the wall-clock
/// time for MB/s (`Benchmarks/README.md` does this).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    for workload in Workloads.all {
        let text = workload.text
        // The lexer alone: the ceiling a parser on top of it can approach.
        Benchmark("Lex \(workload.name) (relay-swift)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(GraphQLParser.Tokenizer.forEachToken(in: GraphQLParser.Source(text)))
            }
        }
        Benchmark("Parse \(workload.name) (relay-swift)") { benchmark in
            for _ in benchmark.scaledIterations {
                let result = GraphQLParser.Parser.parse(GraphQLParser.Source(text, name: workload.name))
                precondition(!result.hasErrors, "workload \(workload.name) must parse")
                blackHole(result)
            }
        }
        Benchmark("Parse \(workload.name) (GraphQLSwift)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try GraphQL.parse(source: GraphQL.Source(body: text, name: workload.name)))
            }
        }
    }
}

/// The inputs, read in place from `../shared/workloads` (or `$RELAY_SWIFT_SHARED/workloads`).
enum Workloads {
    struct Workload: Sendable {
        var name: String
        var text: String
    }

    static let directory: URL = {
        if let shared = ProcessInfo.processInfo.environment["RELAY_SWIFT_SHARED"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("workloads")
        }
        // <repo>/Benchmarks/Benchmarks/ParserBenchmarks/ParserBenchmarks.swift → <repo>/../shared
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/workloads")
    }()

    static let all: [Workload] = {
        let files = [
            "github-queries.graphql", "github-schema.graphql", "kitchen-sink.graphql", "kitchen-sink-sdl.graphql",
        ]
        var workloads: [Workload] = []
        for file in files {
            guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else {
                print("note: \(directory.path)/\(file) is absent; skipping its benchmarks")
                continue
            }
            workloads.append(Workload(name: file, text: text))
        }
        return workloads
    }()
}
