import Benchmark
import BenchmarkSupport
import Foundation
import GraphQL
import GraphQLParser

/// Building the GitHub schema and validating 1 MB of GitHub operations against it, with
/// GraphQLParser and with GraphQLSwift in the same run; plus field-merging stress cases that
/// must not go quadratic.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )
    guard let schemaText = Workloads.text("github-schema.graphql"),
        let queriesText = Workloads.text("github-queries.graphql")
    else { return }

    Benchmark("Build schema github-schema.graphql (relay-swift)") { benchmark in
        for _ in benchmark.scaledIterations {
            // Parse, SDL validation, build and schema validation.
            let (schema, diagnostics) = SchemaLoader.load([GraphQLParser.Source(schemaText, name: "github")])
            precondition(diagnostics.isEmpty)
            blackHole(schema)
        }
    }
    Benchmark("Build schema github-schema.graphql (GraphQLSwift)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try GraphQL.buildSchema(source: schemaText))
        }
    }

    let schema = SchemaLoader.load([GraphQLParser.Source(schemaText)]).schema
    let document = GraphQLParser.Parser.parse(GraphQLParser.Source(queriesText)).document
    Benchmark("Validate github-queries.graphql, all rules (relay-swift)") { benchmark in
        for _ in benchmark.scaledIterations {
            let errors = Validator.validationErrors([document], schema: schema)
            precondition(errors.isEmpty)
            blackHole(errors)
        }
    }
    let peerSchema = try? GraphQL.buildSchema(source: schemaText)
    let peerDocument = try? GraphQL.parse(source: queriesText)
    if let peerSchema, let peerDocument {
        Benchmark("Validate github-queries.graphql, all rules (GraphQLSwift)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(GraphQL.validate(schema: peerSchema, ast: peerDocument))
            }
        }
    }

    // 2,000 fields under one selection, each of ten response keys selected 200 times.
    let fieldNames = ["login", "name", "id", "bio", "company", "location", "email", "url", "createdAt", "isHireable"]
    let repeated = (0..<2_000).map { fieldNames[$0 % fieldNames.count] }.joined(separator: "\n")
    let repeatedDocument = GraphQLParser.Parser.parse(
        GraphQLParser.Source("query RepeatedFields { viewer { \(repeated) } }")
    ).document
    Benchmark("Field merging: 2,000 fields with repeats (relay-swift)") { benchmark in
        for _ in benchmark.scaledIterations {
            let errors = Validator.validationErrors([repeatedDocument], schema: schema)
            precondition(errors.isEmpty)
            blackHole(errors)
        }
    }

    // 200 fragments on the same type spread into one selection.
    let fragments = (0..<200).map { "fragment F\($0) on User { login name id bio }" }.joined(separator: "\n")
    let spreads = (0..<200).map { "...F\($0)" }.joined(separator: " ")
    let fragmentsDocument = GraphQLParser.Parser.parse(
        GraphQLParser.Source("query ManyFragments { viewer { \(spreads) } }\n\(fragments)")
    ).document
    Benchmark("Field merging: 200 fragments in one selection (relay-swift)") { benchmark in
        for _ in benchmark.scaledIterations {
            let errors = Validator.validationErrors([fragmentsDocument], schema: schema)
            precondition(errors.isEmpty)
            blackHole(errors)
        }
    }
}
