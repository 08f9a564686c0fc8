// swift-tools-version:6.1
// The TodoApp example: a command-line to-do client whose GraphQL is compiled by the
// RelayCompilerPlugin on every `swift build`, against Examples/TodoServer.
import PackageDescription

let package = Package(
    name: "TodoApp",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "relay-swift", path: "../..")],
    targets: [
        .executableTarget(
            name: "todo",
            dependencies: [
                .product(name: "Relay", package: "relay-swift"), .product(name: "RelaySwiftUI", package: "relay-swift"),
                .product(name: "RelayPersistence", package: "relay-swift"),
            ],
            plugins: [.plugin(name: "RelayCompilerPlugin", package: "relay-swift")]
        ),
        // Every operation and fragment of the app on generated data (relay.json's `testSupport`).
        .testTarget(
            name: "TodoAppTests",
            dependencies: ["todo", .product(name: "RelayTesting", package: "relay-swift")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
