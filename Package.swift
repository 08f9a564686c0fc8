// swift-tools-version:6.1
// relay-swift: a pure-Swift GraphQL compiler and runtime in the style of Relay.
// The root package has no package dependencies by design; benchmarks and examples live in
// sub-packages that may depend on other packages.
import PackageDescription

let package = Package(
    name: "relay-swift",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GraphQLParser", targets: ["GraphQLParser"]),
        .library(name: "RelayCompiler", targets: ["RelayCompiler"]),
        .library(name: "RelayLanguageServer", targets: ["RelayLanguageServer"]),
        .library(name: "Relay", targets: ["Relay"]),
        .library(name: "RelayState", targets: ["RelayState"]),
        .library(name: "RelaySwiftUI", targets: ["RelaySwiftUI"]),
        .library(name: "RelayTesting", targets: ["RelayTesting"]),
        .library(name: "RelayPersistence", targets: ["RelayPersistence"]),
        .executable(name: "relay-swift-compiler", targets: ["relay-swift-compiler"]),
        .plugin(name: "RelayCompilerPlugin", targets: ["RelayCompilerPlugin"]),
        .plugin(name: "RelayCompilerCommand", targets: ["RelayCompilerCommand"]),
    ],
    targets: [
        .target(name: "GraphQLParser"),
        // What the compiler and the runtime must agree on (storage keys, the JSON value type,
        // handler kinds, connection keys): the only module both link.
        .target(name: "RelayContract"),
        .target(name: "RelayCompiler", dependencies: ["GraphQLParser", "RelayContract"]),
        .target(name: "Relay", dependencies: ["RelayContract", "RelayState"], path: "Sources/Runtime"),
        // App state after Verge: `Store`, dispatchers, computed properties. Independent of the
        // GraphQL runtime; `Relay` re-exports it.
        .target(name: "RelayState"),
        // For tests and previews (Relay's relay-test-utils): `MockEnvironment`, `MockServer`,
        // `MockPayloadGenerator`.
        .target(name: "RelayTesting", dependencies: ["Relay"]),
        // The store's server data in an SQLite file (`SQLiteRecordStorage`), opt in: the
        // system's SQLite, the SDK's on Apple platforms and libsqlite3-dev on Linux.
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "RelayPersistence", dependencies: ["Relay", "CSQLite"]),
        // SwiftUI property wrappers; an empty module where SwiftUI is not available (Linux).
        .target(name: "RelaySwiftUI", dependencies: ["Relay"]),
        // The Language Server Protocol over the compiler's language service: framing, LSP's
        // messages as Swift types, and the server (`relay-swift-compiler lsp`).
        .target(name: "RelayLanguageServer", dependencies: ["GraphQLParser", "RelayCompiler"]),
        .executableTarget(
            name: "relay-swift-compiler", dependencies: ["GraphQLParser", "RelayCompiler", "RelayLanguageServer"]),
        // `plugins: [.plugin(name: "RelayCompilerPlugin", package: "relay-swift")]` in a target
        // compiles its graphql(…) literals on every build.
        .plugin(name: "RelayCompilerPlugin", capability: .buildTool(), dependencies: ["relay-swift-compiler"]),
        // `swift package relay-compile`: writes __generated__ into the source tree.
        .plugin(
            name: "RelayCompilerCommand",
            capability: .command(
                intent: .custom(verb: "relay-compile", description: "Compile graphql(…) literals into __generated__"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated __generated__ folders")]),
            dependencies: ["relay-swift-compiler"]),
        // What several test targets share (a seeded random generator).
        .target(name: "TestSupport", path: "Tests/Support"),
        .testTarget(name: "GraphQLParserTests", dependencies: ["GraphQLParser", "TestSupport"]),
        .testTarget(
            name: "RelayCompilerTests",
            dependencies: ["RelayCompiler", "RelayContract", "GraphQLParser", "TestSupport"],
            // Read from the source tree by the transform fixture tests, not built.
            exclude: ["TransformFixtures"]),
        .testTarget(
            name: "RelaySwiftCompilerTests",
            dependencies: [
                "relay-swift-compiler", "RelayCompiler", "GraphQLParser", "RelayLanguageServer", "TestSupport",
            ]),
        .testTarget(name: "RelayLanguageServerTests", dependencies: ["RelayLanguageServer", "TestSupport"]),
        .testTarget(name: "RelayTests", dependencies: ["Relay"]),
        .testTarget(name: "RelayStateTests", dependencies: ["RelayState"]),
        .testTarget(
            name: "RelayPersistenceTests",
            dependencies: ["RelayPersistence", "Relay", "GoldenFetchable", "TestSupport"]),
        // The writer process `RelayPersistenceTests` kills mid-write.
        .executableTarget(
            name: "relay-store-writer", dependencies: ["Relay", "RelayPersistence"], path: "Tests/StoreWriter"),
        // The process the offline-mutation kill test (`LiveServerTests`) kills while it commits.
        .executableTarget(
            name: "relay-mutation-committer", dependencies: ["Relay", "RelayPersistence", "GoldenLive"],
            path: "Tests/MutationCommitter"),
        // Golden cases whose generated code the runtime tests run, so the goldens are exercised,
        // not only compiled: each case folder (its Swift sources and expected files) is a module.
        .target(
            name: "GoldenTodo", dependencies: ["Relay", "RelaySwiftUI"], path: "Golden/todo",
            exclude: ["schema.graphql"]),
        .target(
            name: "GoldenTodoList", dependencies: ["Relay"], path: "Golden/todo-list", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenHostile", dependencies: ["Relay"], path: "Golden/hostile-names", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenScalars", dependencies: ["Relay"], path: "Golden/scalars",
            exclude: ["schema.graphql", "relay.json"]),
        .target(
            name: "GoldenRequired", dependencies: ["Relay"], path: "Golden/required", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenUnmasked", dependencies: ["Relay"], path: "Golden/unmasked", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenInlineData", dependencies: ["Relay"], path: "Golden/inline-data", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenRawResponse", dependencies: ["Relay"], path: "Golden/raw-response",
            exclude: ["schema.graphql"]),
        .target(
            name: "GoldenCatch", dependencies: ["Relay"], path: "Golden/catch", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenIncremental", dependencies: ["Relay"], path: "Golden/incremental",
            exclude: ["schema.graphql", "relay.json"]),
        .target(
            name: "GoldenProvided", dependencies: ["Relay"], path: "Golden/provided-variables",
            exclude: ["schema.graphql"]),
        .target(name: "GoldenMatch", dependencies: ["Relay"], path: "Golden/match", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenDocuments", dependencies: ["Relay"], path: "Golden/documents",
            exclude: ["schema.graphql", "relay.json", "GraphQL"]),
        .target(
            name: "GoldenFetchable", dependencies: ["Relay"], path: "Golden/fetchable", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenSchemaTypes", dependencies: ["Relay"], path: "Golden/schema-types",
            exclude: ["schema.graphql", "relay.json"]),
        .target(
            name: "GoldenFragmentVariables", dependencies: ["Relay"], path: "Golden/fragment-variables",
            exclude: ["schema.graphql", "relay.json"]),
        .target(name: "GoldenUnions", dependencies: ["Relay"], path: "Golden/unions", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenUpdatable", dependencies: ["Relay"], path: "Golden/updatable", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenResolvers", dependencies: ["Relay"], path: "Golden/resolvers",
            exclude: ["schema.graphql", "resolvers.graphql", "relay.json"]),
        // The TodoServer example's schema (a link to it), for the tests against that server.
        .target(name: "GoldenLive", dependencies: ["Relay"], path: "Golden/live", exclude: ["schema.graphql"]),
        .target(
            name: "GoldenClientState", dependencies: ["Relay"], path: "Golden/client-state",
            exclude: ["schema.graphql", "client-schema.graphql", "relay.json"]),
        // The code snippets of README.md and docs/, compiled by .ci/check-doc-snippets.py (which
        // writes them into Extracted/) against a schema and operations of their own, with the
        // build plugin a user's target would have.
        .target(
            name: "DocSnippets", dependencies: ["Relay", "RelayTesting", "RelayPersistence", "GraphQLParser"],
            path: "Tests/DocSnippets",
            exclude: ["schema.graphql", "client-schema.graphql", "relay.json"],
            plugins: ["RelayCompilerPlugin"]),
        .testTarget(
            name: "RelayEnvironmentTests",
            dependencies: [
                "Relay", "RelaySwiftUI", "RelayTesting", "TestSupport", "GoldenTodo", "GoldenTodoList", "GoldenHostile",
                "GoldenScalars", "GoldenRequired", "GoldenClientState", "GoldenUnmasked", "GoldenInlineData",
                "GoldenRawResponse", "GoldenCatch", "GoldenIncremental", "GoldenLive", "GoldenProvided", "GoldenMatch",
                "GoldenFetchable", "GoldenDocuments", "GoldenFragmentVariables", "GoldenSchemaTypes", "GoldenUnions",
                "GoldenUpdatable",
                "GoldenResolvers",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
