import Foundation
import GraphQLParser
import Testing

@testable import RelayCompiler

/// Which folders hold a package's sources when `relay.json` has no `"src"`, and what a
/// listing of sources reports.
struct SourceDiscoveryTests {
    @Test func packageTargetsAreTheManifestsSwiftTargetsNotItsDependencies() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("discovery-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: root) }
        for folder in ["Sources/App", "Tests/AppTests", "Modules/Feature", "Examples/Other", "Vendor/relay-swift"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try """
        // .target(name: "Commented", path: "Examples/Other")
        let package = Package(
            name: "App",
            dependencies: [.package(path: "Vendor/relay-swift")],
            targets: [
                .target(name: "App", dependencies: [.product(name: "Relay", package: "relay-swift")]),
                .target(name: "Feature", path: "Modules/Feature", exclude: ["README.md"]),
                .testTarget(name: "AppTests", dependencies: ["App"]),
                .target(name: "Gone", path:
                    "Missing"),
                .plugin(name: "Tool", capability: .buildTool(), path: "Examples/Other"),
            ])
        let note = ".target(name: \\"InAString\\", path: \\"Examples/Other\\")"
        """.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        let targets = try #require(SourceDiscovery.packageTargets(in: root))
        #expect(targets.map(\.name) == ["App", "Feature", "AppTests"])
        #expect(targets.map(\.folder) == [root + "/Sources/App", root + "/Modules/Feature", root + "/Tests/AppTests"])
        #expect(SourceDiscovery.packageTargets(in: root + "/Examples") == nil, "not a package")

        // A relay.json without sources: a project per target; outside a package, the folder.
        var configuration = CompilerConfiguration()
        configuration.schemaFiles = [root + "/schema.graphql"]
        let projects = try RelayProject.sourcesImplied(by: configuration, in: root).get()
        #expect(projects.map(\.name) == ["App", "Feature", "AppTests"])
        #expect(projects.map(\.configuration.sourceDirectories) == targets.map { [$0.folder] })
        let folder = try RelayProject.sourcesImplied(by: configuration, in: root + "/Examples").get()
        #expect(folder.map(\.configuration.sourceDirectories) == [[root + "/Examples"]])

        // A target's own relay.json, beside its sources, is read for it instead (as the build
        // plugin reads it); its paths are its folder's.
        try #"{"schema": "app.graphql"}"#.write(
            toFile: root + "/Sources/App/relay.json", atomically: true, encoding: .utf8)
        let own = try RelayProject.sourcesImplied(by: configuration, in: root).get()
        #expect(own.first?.configuration.schemaFiles == [root + "/Sources/App/app.graphql"])
        #expect(own.first?.configuration.sourceDirectories == [root + "/Sources/App"])
        #expect(own.dropFirst().allSatisfy { $0.configuration.schemaFiles == [root + "/schema.graphql"] })
        try "{".write(toFile: root + "/Sources/App/relay.json", atomically: true, encoding: .utf8)
        #expect(throws: Diagnostic.self) { try RelayProject.sourcesImplied(by: configuration, in: root).get() }
    }

    /// Pseudo file systems are never walked and devices and pipes never read: a link to /proc
    /// or /dev in the sources is skipped, a pipe named like a Swift file is a problem (reading
    /// it would wait forever), and a source on a pseudo file system is one problem.
    @Test func pseudoFileSystemsAndSpecialFilesAreNeverRead() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("pseudo-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: root) }
        try manager.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        try "let a = 1\n".write(toFile: root + "/App/A.swift", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/App/proc", withDestinationPath: "/proc")
        try manager.createSymbolicLink(atPath: root + "/App/dev", withDestinationPath: "/dev")
        #expect(mkfifo(root + "/App/Pipe.swift", 0o644) == 0)
        let listing = SourceDiscovery.list([root + "/App"])
        #expect(listing.files == [root + "/App/A.swift"])
        #expect(listing.problems.map(\.message) == ["cannot read '\(root)/App/Pipe.swift': it is a named pipe"])

        let proc = SourceDiscovery.list(["/proc/self"])
        #expect(proc.files.isEmpty)
        #expect(proc.problems.map(\.message).first?.contains("is on a pseudo file system") == true)
    }

    /// Sources that cannot be looked through are problems, never silently zero files.
    @Test func sourcesThatCannotBeListedAreProblems() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("listing-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: root) }
        try manager.createDirectory(atPath: root + "/Sources/Feature", withIntermediateDirectories: true)
        try "let a = 1\n".write(toFile: root + "/Sources/Feature/A.swift", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/Loop", withDestinationPath: root + "/Loop")
        try manager.createSymbolicLink(atPath: root + "/Sources/Feature/Up", withDestinationPath: root + "/Sources")
        try manager.createSymbolicLink(
            atPath: root + "/Sources/Gone.swift", withDestinationPath: root + "/Nowhere.swift")
        try manager.createSymbolicLink(atPath: root + "/Sources/Notes", withDestinationPath: root + "/Nowhere")

        let listing = SourceDiscovery.list([root + "/Sorces", root + "/Loop", root + "/Sources"])
        #expect(listing.files == [root + "/Sources/Feature/A.swift"])
        #expect(
            listing.problems.map(\.message) == [
                "source '\(root)/Sorces' does not exist",
                "source '\(root)/Loop' is a symbolic link loop",
                "'\(root)/Sources/Feature/Up' links back to '\(root)/Sources', a folder that contains it (a link loop)",
                "cannot read '\(root)/Sources/Gone.swift': it is a symbolic link to '\(root)/Nowhere.swift', which does not exist",
            ])
        // A link to a folder elsewhere is followed; the same folder twice is listed once.
        try manager.createDirectory(atPath: root + "/Shared", withIntermediateDirectories: true)
        try "let b = 2\n".write(toFile: root + "/Shared/B.swift", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/Sources/Shared", withDestinationPath: root + "/Shared")
        let linked = SourceDiscovery.list([root + "/Sources", root + "/Shared"], excludes: ["/Feature/"])
        #expect(linked.files == [root + "/Shared/B.swift"] || linked.files == [root + "/Sources/Shared/B.swift"])
        #expect(
            linked.problems.map(\.message) == [
                "cannot read '\(root)/Sources/Gone.swift': it is a symbolic link to '\(root)/Nowhere.swift', which does not exist"
            ])
        #expect(SourceDiscovery.whyUnreadable(root + "/Sources") == "it is a folder")
        #expect(SourceDiscovery.whyUnreadable(root + "/Missing.swift") == "it does not exist")
    }

    /// relay.config.json's glob excludes (`**/node_modules/**`, `**/*.test.swift`) as well as
    /// path fragments (`/Generated/`).
    @Test func excludesAreGlobsOrPathFragments() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("globs-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: root) }
        for path in ["App/A.swift", "App/A.test.swift", "node_modules/pkg/B.swift", "App/Generated/C.swift", "D.swift"]
        {
            let file = root + "/" + path
            try manager.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "let x = 1\n".write(toFile: file, atomically: true, encoding: .utf8)
        }
        let listing = SourceDiscovery.list([root], excludes: ["**/node_modules/**", "**/*.test.swift", "/Generated/"])
        #expect(listing.files == [root + "/App/A.swift", root + "/D.swift"])
        #expect(SourceDiscovery.list([root], excludes: ["App/*.swift"]).files.count == 3)
    }
}
