import Benchmark
import BenchmarkSupport
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

    let files = ["github-queries.graphql", "github-schema.graphql", "kitchen-sink.graphql", "kitchen-sink-sdl.graphql"]
    for (name, text) in files.compactMap({ file in Workloads.text(file).map { (file, $0) } }) {
        // The lexer alone: the ceiling a parser on top of it can approach.
        Benchmark("Lex \(name) (relay-swift)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(GraphQLParser.Tokenizer.forEachToken(in: GraphQLParser.Source(text)))
            }
        }
        Benchmark("Parse \(name) (relay-swift)") { benchmark in
            for _ in benchmark.scaledIterations {
                let result = GraphQLParser.Parser.parse(GraphQLParser.Source(text, name: name))
                precondition(!result.hasErrors, "workload \(name) must parse")
                blackHole(result)
            }
        }
        Benchmark("Parse \(name) (GraphQLSwift)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try GraphQL.parse(source: GraphQL.Source(body: text, name: name)))
            }
        }
    }
}
