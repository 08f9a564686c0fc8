import Foundation
import RelayCompiler
import TestSupport
import Testing

@testable import relay_swift_compiler

/// The command line with a multi-project relay.config.json: every project compiled in the
/// file's order, or the one `--project` names, or the one holding the sources named.
struct MultiProjectCommandLineTests {
    private func run(_ arguments: [String], in directory: URL) -> (code: Int32, errors: [String]) {
        let run = ToolRun(arguments, in: directory)
        return (run.code, run.errors)
    }

    /// A monorepo of two projects with their own schema: `app` (Sources/App) and `admin`
    /// (Sources/Admin, and Sources/App/Admin inside the app's folder), in relay.config.json only.
    private func monorepo() throws -> URL {
        let files = [
            "relay.config.json": #"""
            {"sources": {"Sources/App": "app", "Sources/Admin": "admin", "Sources/App/Admin": "admin"},
             "projects": {"app": {"schema": "app.graphql", "language": "typescript"},
                          "admin": {"schema": "admin.graphql", "output": "AdminGenerated"}}}
            """#,
            "app.graphql": "type Query { feed: [String] }",
            "admin.graphql": "type Query { users: [String] }",
            "Sources/App/Feed.swift": "let q = graphql(\"query FeedQuery { feed }\")\n",
            "Sources/Admin/Users.swift": "let q = graphql(\"query UsersQuery { users }\")\n",
            "Sources/App/Admin/Roles.swift": "let q = graphql(\"query RolesQuery { users }\")\n",
        ]
        return try TemporaryFolder.make("monorepo", files: files)
    }

    @Test func everyProjectIsCompiledWithItsOwnSchemaAndOutput() throws {
        let folder = try monorepo()
        defer { try? FileManager.default.removeItem(at: folder) }
        // No relay.json: the folder's relay.config.json is read.
        let (code, errors) = run(["--no-cache"], in: folder)
        #expect(code == 0, "\(errors)")
        #expect(errors.filter { $0.hasPrefix("Project ") } == ["Project app:", "Project admin:"])
        let exists = { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        #expect(exists("Sources/App/__generated__/FeedQuery.graphql.swift"))
        // Sources/App/Admin is the admin project's (the more specific folder wins), checked
        // against the admin schema (`users`), its artifacts in the admin output.
        #expect(exists("AdminGenerated/RolesQuery.graphql.swift"))
        #expect(exists("AdminGenerated/UsersQuery.graphql.swift"))
        #expect(!exists("Sources/App/Admin/__generated__"))
        // Each project keeps its own build cache: a second run changes nothing.
        let (again, againErrors) = run([], in: folder)
        let (cached, cachedErrors) = run([], in: folder)
        #expect(again == 0 && cached == 0, "\(againErrors) \(cachedErrors)")
        #expect(cachedErrors.filter { $0.contains("nothing changed since the last compile") }.count == 2)
    }

    @Test func projectOrSourcesChooseOne() throws {
        let folder = try monorepo()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, errors) = run(["--project", "admin", "--no-cache"], in: folder)
        #expect(code == 0, "\(errors)")
        #expect(!errors.contains { $0.hasPrefix("Project ") })
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("AdminGenerated").path))
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/App/__generated__").path))

        // The source file named is the app project's: checked against the app's schema.
        let (sourceCode, sourceErrors) = run(
            [
                "--config", folder.path + "/relay.config.json", "--source-file",
                folder.path + "/Sources/App/Feed.swift", "--no-cache",
            ],
            in: folder)
        #expect(sourceCode == 0, "\(sourceErrors)")
        #expect(
            FileManager.default.fileExists(atPath: folder.path + "/Sources/App/__generated__/FeedQuery.graphql.swift"))

        let (unknown, unknownErrors) = run(["--project", "admn"], in: folder)
        #expect(unknown == 2)
        #expect(
            unknownErrors.first?.hasPrefix(
                "error: no project \"admn\"; its projects: app, admin. Did you mean \"admin\"?")
                == true)
        let (outside, outsideErrors) = run(
            ["--config", folder.path + "/relay.config.json", "--src", "/elsewhere"], in: folder)
        #expect(outside == 2)
        #expect(outsideErrors.first?.contains("in none of the configuration file's projects (app, admin)") == true)
    }

    /// A project's `documents`: compiled with it, and a document named on the command line
    /// chooses the project that lists it.
    @Test func aDocumentNamedChoosesItsProject() throws {
        let files = [
            "relay.config.json": #"""
            {"sources": {"Sources/App": "app", "Sources/Admin": "admin"},
             "projects": {"app": {"schema": "app.graphql"},
                          "admin": {"schema": "admin.graphql", "output": "AdminGenerated", "documents": ["AdminGraphQL"]}}}
            """#,
            "app.graphql": "type Query { feed: [String] }",
            "admin.graphql": "type Query { users: [String] }",
            "Sources/App/Feed.swift": "let q = graphql(\"query FeedQuery { feed }\")\n",
            "Sources/Admin/Users.swift": "let q = graphql(\"query UsersQuery { users }\")\n",
            "AdminGraphQL/Audit.graphql": "query AuditQuery { users }\n",
        ]
        let folder = try TemporaryFolder.make("monorepo-documents", files: files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, errors) = run(
            [
                "--config", folder.path + "/relay.config.json", "--source-file",
                folder.path + "/AdminGraphQL/Audit.graphql", "--no-cache",
            ],
            in: folder)
        #expect(code == 0, "\(errors)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/AdminGenerated/AuditQuery.graphql.swift"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/AdminGenerated/UsersQuery.graphql.swift"))
    }
}

/// The build plugin's minimal relay.json (only `schema`) on the command line: each Swift target
/// of the package is compiled as the plugins compile it, its artifacts beside its sources; the
/// packages it depends on are not its sources.
struct PackageTargetsCommandLineTests {
    @Test func aSchemaOnlyRelayJSONCompilesEachTargetOfThePackage() throws {
        let files = [
            "Package.swift": """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "Blog", dependencies: [.package(path: "Vendor/Other")],
                targets: [.target(name: "BlogKit"), .executableTarget(name: "Blog", dependencies: ["BlogKit"])])
            """,
            "relay.json": #"{"schema": "schema.graphql"}"#,
            "schema.graphql": "type Query { title: String }",
            "Sources/BlogKit/Title.swift": "let q = graphql(\"query TitleQuery { title }\")\n",
            "Sources/Blog/Blog.swift": "let q = graphql(\"query BlogQuery { title }\")\n",
            "Vendor/Other/Sources/Other/Broken.swift": "let q = graphql(\"query BrokenQuery { nope }\")\n",
        ]
        let folder = try TemporaryFolder.make("package-targets", files: files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = ToolRun(["--no-cache"], in: folder)
        #expect(run.code == 0, "\(run.errors)")
        #expect(run.errors.filter { $0.hasPrefix("Project ") } == ["Project BlogKit:", "Project Blog:"])
        let exists = { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        #expect(exists("Sources/BlogKit/__generated__/TitleQuery.graphql.swift"))
        #expect(exists("Sources/Blog/__generated__/BlogQuery.graphql.swift"))
        #expect(!exists("Vendor/Other/Sources/Other/__generated__"))
    }
}
