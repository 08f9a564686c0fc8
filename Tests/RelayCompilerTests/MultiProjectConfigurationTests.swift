import Foundation
import GraphQLParser
import RelayCompiler
import TestSupport
import Testing

/// relay.config.json's multi-project form: `root`, `sources` (a folder to a project or a list of
/// them, the more specific folder winning) and `projects`, each with the single-project form's
/// options under Relay's names (`output`, `persist`, `schemaDir`).
struct MultiProjectConfigurationTests {
    /// Writes the files (path → text) into a folder of their own and reads `relay.config.json`.
    static func load(_ files: [String: String]) throws -> (Result<[RelayProject], Diagnostic>, folder: URL) {
        let folder = try TemporaryFolder.make("projects", files: files)
        return (
            CompilerConfiguration.loadProjects(path: folder.appendingPathComponent("relay.config.json").path), folder
        )
    }

    @Test func eachProjectGetsItsSourcesSchemaAndOptions() throws {
        let (result, folder) = try Self.load([
            "relay.config.json": #"""
            {
              "root": "web",
              "sources": {"src": "app", "shared": ["app", "admin"], "src/admin": "admin"},
              "excludes": ["**/Generated/**"],
              "featureFlags": {"enable_fragment_argument_transform": {"kind": "enabled"}},
              "language": "typescript",
              "projects": {
                "app": {"schema": "app.graphql", "output": "src/__generated__", "language": "typescript",
                        "persist": {"file": "queryMap.json"}, "customScalarTypes": {"Date": "String"}},
                "admin": {"schemaDir": "admin-schema", "schemaExtensions": ["local.graphql"],
                          "featureFlags": {"enable_fragment_argument_transform": {"kind": "disabled"}}}
              }
            }
            """#,
            "web/queryMap.json": "{}",
            "web/admin-schema/b.graphql": "extend type Query { b: Int }",
            "web/admin-schema/nested/a.graphql": "type Query { a: Int }",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let projects = try result.get()
        let web = folder.appendingPathComponent("web").path
        #expect(projects.map(\.name) == ["app", "admin"])
        let app = projects[0].configuration
        let admin = projects[1].configuration
        #expect(app.sourceDirectories == [web + "/src", web + "/shared"])
        // `src/admin` is the admin project's only: the app project does not look into it.
        #expect(app.excludes == ["**/Generated/**", web + "/src/admin/"])
        #expect(app.schemaFiles == [web + "/app.graphql"])
        #expect(app.artifactDirectory == web + "/src/__generated__")
        #expect(app.persistOutput == web + "/queryMap.json")
        #expect(app.customScalars["Date"] == CustomScalarType("String"))
        #expect(app.allowsFragmentVariables)
        #expect(admin.sourceDirectories == [web + "/shared", web + "/src/admin"])
        #expect(admin.excludes == ["**/Generated/**"])
        // A schema folder: its .graphql files, nested ones too, sorted.
        #expect(admin.schemaFiles == [web + "/admin-schema/b.graphql", web + "/admin-schema/nested/a.graphql"])
        #expect(admin.schemaExtensionFiles == [web + "/local.graphql"])
        #expect(!admin.allowsFragmentVariables)
        #expect(app.includesSource(web + "/src/Feed.swift"))
        #expect(!app.includesSource(web + "/src/admin/Users.swift"))
        #expect(admin.includesSource(web + "/src/admin/Users.swift"))
    }

    /// `load(path:)` gives a file's one project, and names the projects when there are several.
    @Test func loadGivesTheOnlyProjectOrNamesThem() throws {
        let (one, oneFolder) = try Self.load([
            "relay.config.json": #"{"sources": {"src": "my_app"}, "projects": {"my_app": {"schema": "s.graphql"}}}"#
        ])
        defer { try? FileManager.default.removeItem(at: oneFolder) }
        #expect(try one.get().count == 1)
        let path = oneFolder.appendingPathComponent("relay.config.json").path
        #expect(try CompilerConfiguration.load(path: path).get().sourceDirectories == [oneFolder.path + "/src"])
        let (_, twoFolder) = try Self.load([
            "relay.config.json":
                #"{"sources": {"a": "a", "b": "b"}, "projects": {"a": {"schema": "s.graphql"}, "b": {"schema": "s.graphql"}}}"#
        ])
        defer { try? FileManager.default.removeItem(at: twoFolder) }
        guard case .failure(let problem) = CompilerConfiguration.load(path: twoFolder.path + "/relay.config.json")
        else {
            Issue.record("two projects read as one")
            return
        }
        #expect(problem.message == "the configuration file defines 2 projects (a, b); choose one with --project NAME")
    }

    /// Each mistake is one diagnostic at its place, with Relay's rules: a project needs a
    /// schema (one way) and a source; a source names known projects.
    @Test(arguments: [
        (
            #"{"sources": {"src": "ap"}, "projects": {"app": {"schema": "s.graphql"}}}"#, 1, 21,
            "\"sources\".\"src\" names project \"ap\", which \"projects\" does not define. Did you mean \"app\"?"
        ),
        (
            #"{"sources": {"src": "app"}, "projects": {"app": {"output": "g"}}}"#, 1, 42,
            "project \"app\" needs \"schema\" or \"schemaDir\""
        ),
        (
            #"{"sources": {"src": "app"}, "projects": {"app": {"schema": "s", "schemaDir": "d"}}}"#, 1, 78,
            "project \"app\" has both \"schema\" and \"schemaDir\"; give one"
        ),
        (
            #"{"sources": {"src": "app"}, "projects": {"app": {"schema": "s"}, "lib": {"schema": "s"}}}"#, 1, 66,
            "project \"lib\" has no sources: no folder in \"sources\" names it"
        ),
        (
            #"{"sources": {"src": "app"}, "projects": {"app": {"schema": "s", "artifactDirectoy": "g"}}}"#, 1, 65,
            "unknown configuration key \"artifactDirectoy\". Did you mean \"artifactDirectory\"?"
        ),
        (
            #"{"sources": {"src": 3}, "projects": {"app": {"schema": "s"}}}"#, 1, 21,
            "\"sources\".\"src\" must be a project name or a list of them, not a number"
        ),
        (
            #"{"sources": {"src": "app"}, "projects": {}}"#, 1, 41,
            "\"projects\" must map project names to their options, with at least one project"
        ),
        (
            #"{"sources": {"src": "app"}, "projects": {"app": {"schema": "s"}}, "src": "x"}"#, 1, 67,
            "\"src\" is an option of the single-project form; with \"projects\", list source folders in \"sources\""
        ),
    ])
    func aMistakeIsOneDiagnosticAtItsPlace(text: String, line: Int, column: Int, message: String) throws {
        let (result, folder) = try Self.load(["relay.config.json": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        expectDiagnostic(result, for: text, line: line, column: column, message: message)
    }

    /// A `base` project (whose documents another project may use without artifacts of its own)
    /// is not supported: an error at it, saying what to do instead.
    @Test func aBaseProjectIsAnErrorThatSaysWhatToDo() throws {
        let (result, folder) = try Self.load([
            "relay.config.json":
                #"{"sources": {"a": "a", "b": "b"}, "projects": {"a": {"schema": "s"}, "b": {"schema": "s", "base": "a"}}}"#
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .failure(let diagnostic) = result else {
            Issue.record("a base project accepted")
            return
        }
        #expect(diagnostic.message.contains("\"base\" projects are not supported"))
    }
}
