// swift-tools-version:6.1
// libFuzzer harnesses for relay-swift. Build and run them with Fuzz/run.sh (it passes
// -sanitize=fuzzer,address); a plain `swift build` of this package is not meant to link.
import PackageDescription

let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "relay-swift", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "FuzzParser",
            dependencies: ["FuzzSupport", .product(name: "GraphQLParser", package: "relay-swift")]),
        .executableTarget(
            name: "FuzzExtractor",
            dependencies: ["FuzzSupport", .product(name: "RelayCompiler", package: "relay-swift")]),
        .executableTarget(
            name: "FuzzCompile",
            dependencies: ["FuzzSupport", .product(name: "RelayCompiler", package: "relay-swift")]),
        .executableTarget(
            name: "FuzzMessageFramer",
            dependencies: ["FuzzSupport", .product(name: "RelayLanguageServer", package: "relay-swift")]),
        .executableTarget(
            name: "FuzzCursorContext",
            dependencies: ["FuzzSupport", .product(name: "RelayCompiler", package: "relay-swift")]),
        .executableTarget(
            name: "FuzzNodeDecoder",
            dependencies: ["FuzzSupport", .product(name: "Relay", package: "relay-swift")]),
        // The golden todo-list case's sources and generated code (TodoList/ links to Golden/todo-list).
        .executableTarget(
            name: "FuzzNormalize",
            dependencies: ["FuzzSupport", .product(name: "Relay", package: "relay-swift")]),
    ],
    swiftLanguageModes: [.v6]
)
