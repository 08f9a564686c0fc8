import Foundation
import Testing

@testable import RelayCompiler

/// Which folders hold a package's sources when `relay.json` has no `"src"`.
struct SourceDiscoveryTests {
    @Test func packageSourceFoldersAreTheDefaultFoldersAndTheManifestsPaths() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("discovery-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: root) }
        for folder in ["Sources/App", "Tests/AppTests", "Modules/Feature", "Examples/Other"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try """
        let package = Package(name: "App", targets: [
            .target(name: "App"),
            .target(name: "Feature", path: "Modules/Feature", exclude: ["README.md"]),
            .target(name: "Gone", path:
                "Missing"),
        ])
        """.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        #expect(
            SourceDiscovery.packageSourceFolders(in: root) == [
                root + "/Sources", root + "/Tests", root + "/Modules/Feature",
            ])
        // A folder that is not a package is its own source.
        #expect(SourceDiscovery.packageSourceFolders(in: root + "/Examples") == [root + "/Examples"])
    }

    @Test func pathArgumentsSkipAbsoluteAndUnterminatedValues() {
        #expect(SourceDiscovery.pathArguments(in: #"path: "a", path: "/abs", path: x, path: "b"#) == ["a"])
    }
}
