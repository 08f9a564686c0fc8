import Foundation
import TestSupport
import Testing

@testable import RelayLanguageServer

/// Which projects the server checks: a package whose only `relay.json` is beside one target's
/// sources (where the build plugin also looks) checks that target, against its schema.
struct ProjectWorkspacesTests {
    @Test func aTargetsOwnRelayJSONMakesItAProject() throws {
        let folder = try TemporaryFolder.make(
            "target-relay-json",
            files: [
                "Package.swift": """
                import PackageDescription
                let package = Package(name: "Blog", targets: [.target(name: "BlogKit"), .target(name: "Other")])
                """,
                "Sources/BlogKit/relay.json": #"{"schema": "schema.graphql"}"#,
                "Sources/BlogKit/schema.graphql": "type Query { title: String }",
                "Sources/BlogKit/Title.swift": "let q = graphql(\"query TitleQuery { titel }\")\n",
                "Sources/Other/Other.swift": "let q = graphql(\"query OtherQuery { nope }\")\n",
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var messages: [String] = []
        let projects = ProjectWorkspaces { _, message in messages.append(message) }
        projects.root = folder.path
        projects.loadConfiguration()
        #expect(messages.isEmpty, "\(messages)")
        #expect(projects.workspaces.count == 1)
        let published = projects.compile(log: nil).filter { !$0.diagnostics.isEmpty }
        #expect(published.map { URL(string: $0.uri)?.lastPathComponent } == ["Title.swift"])
        #expect(published.first?.diagnostics.first?.message.contains("\"titel\"") == true)
        // Its relay.json is watched: changing it reads the projects again.
        #expect(projects.configurationPaths.contains(folder.appendingPathComponent("Sources/BlogKit/relay.json").path))
    }
}
