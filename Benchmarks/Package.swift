// swift-tools-version: 6.1
// Benchmarks for relay-swift, in their own package so the root package stays dependency-free.
// GraphQLSwift/GraphQL is the peer every figure is compared against, in the same run.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, which is whatever the checkout is called.
let rootPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "relay-swift-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", exact: "4.3.0"),
    ],
    targets: [
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(
            name: "ParserBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "GraphQLParser", package: rootPackage),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GraphQL", package: "GraphQL"),
            ],
            path: "Benchmarks/ParserBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ValidationBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "GraphQLParser", package: rootPackage),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GraphQL", package: "GraphQL"),
            ],
            path: "Benchmarks/ValidationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "StoreBenchmarks",
            dependencies: [
                .product(name: "Relay", package: rootPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/StoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "EnvironmentBenchmarks",
            dependencies: [
                .product(name: "Relay", package: rootPackage),
                .product(name: "RelayPersistence", package: rootPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EnvironmentBenchmarks",
            // `TodoList` links the golden `todo-list` case's folder: its sources and generated files.
            exclude: ["TodoList/schema.graphql"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ResolverBenchmarks",
            dependencies: [
                .product(name: "Relay", package: rootPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ResolverBenchmarks",
            // `Resolvers` links the golden `resolvers` case's folder: its sources and generated files.
            exclude: ["Resolvers/schema.graphql", "Resolvers/resolvers.graphql", "Resolvers/relay.json"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PersistenceBenchmarks",
            dependencies: [
                .product(name: "Relay", package: rootPackage),
                .product(name: "RelayPersistence", package: rootPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/PersistenceBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
