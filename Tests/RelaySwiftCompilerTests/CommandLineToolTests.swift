import Foundation
import RelayCompiler
import Testing

@testable import relay_swift_compiler

/// The CLI's contract: exit codes, swiftc-style diagnostics on stderr, canonical text on stdout.
final class CommandLineToolTests {
    /// This test's temporary files, removed with it.
    private let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: scratch) }

    final class Output: @unchecked Sendable {
        var standardOutput: [String] = []
        var standardError: [String] = []
    }

    func run(_ arguments: [String], in directory: URL? = nil) -> (code: Int32, output: Output) {
        let output = Output()
        var tool = CommandLineTool(arguments: arguments)
        tool.currentDirectory = directory?.path
        tool.standardOutput = { output.standardOutput.append($0) }
        tool.standardError = { output.standardError.append($0) }
        tool.rendersForTerminal = false
        return (tool.run(), output)
    }

    private func temporaryFile(_ text: String) throws -> String {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let url = scratch.appendingPathComponent("\(UUID().uuidString).graphql")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func printsCanonicalText() throws {
        let path = try temporaryFile("query   Q{a  b(x:1)}")
        let (code, output) = run([path])
        #expect(code == 0)
        #expect(output.standardOutput == ["query Q {\n  a\n  b(x: 1)\n}\n"])
        #expect(output.standardError.last?.hasPrefix("Parsed 1 file(s), 1 definition(s), 0 errors in ") == true)
    }

    @Test func reportsEveryErrorAndExitsWithOne() throws {
        let path = try temporaryFile("{ a(x: ) }\n{ b ~ }\n")
        let (code, output) = run(["--check", path])
        #expect(code == 1)
        #expect(
            output.standardError.dropLast() == [
                "\(path):1:8: error: Syntax Error: Unexpected \")\".",
                "\(path):2:5: error: Syntax Error: Unexpected character: \"~\".",
            ])
        #expect(output.standardOutput.isEmpty)
    }

    @Test func usageErrorsExitWithTwo() {
        #expect(run([]).code == 2)
        #expect(run(["--frobnicate"]).code == 2)
        #expect(run(["--help"]).code == 0)
        #expect(run(["--version"]).output.standardOutput == ["relay-swift-compiler \(CommandLineTool.version)"])
    }

    @Test func unreadableFileIsAnError() {
        let (code, output) = run(["/nonexistent/file.graphql"])
        #expect(code == 1)
        #expect(output.standardError.first == "error: cannot read '/nonexistent/file.graphql': it does not exist")
    }

    @Test func checksGraphQLLiteralsInSwiftSources() throws {
        let directory = scratch.appendingPathComponent("src")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("__generated__"), withIntermediateDirectories: true)
        try "private let q = graphql(\"query ScreenQuery { a b(x: 1) }\")\n".write(
            to: directory.appendingPathComponent("Screen.swift"), atomically: true, encoding: .utf8)
        // Generated files are not sources.
        try "private let q = graphql(\"query Broken {\")".write(
            to: directory.appendingPathComponent("__generated__/Old.swift"), atomically: true, encoding: .utf8)
        let schema = try temporaryFile("type Query { a: Int b(x: Int!): String }")
        let (code, output) = run(["--src", directory.path, "--schema", schema])
        #expect(code == 0)
        #expect(
            output.standardError.last?.hasPrefix("Checked 1 graphql literal(s) in 1 Swift file(s): 0 errors") == true)

        try "private let q = graphql(\"query ScreenQuery { a c }\")\n".write(
            to: directory.appendingPathComponent("Screen.swift"), atomically: true, encoding: .utf8)
        let (failingCode, failing) = run(["--src", directory.path, "--schema", schema])
        #expect(failingCode == 1)
        #expect(
            failing.standardError.first
                == "\(directory.path)/Screen.swift:1:48: error: Cannot query field \"c\" on type \"Query\". Did you mean \"a\" or \"b\"?"
        )
        #expect(run(["--src", directory.path]).code == 2)
    }

    @Test func writesArtifactsOnlyWhenChangedAndValidates() throws {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("cli-gen-\(UUID().uuidString)")
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: directory) }
        let screen = directory.appendingPathComponent("Screen.swift")
        try "let q = graphql(\"query ScreenQuery { a }\")\n".write(to: screen, atomically: true, encoding: .utf8)
        let schema = try temporaryFile("type Query { a: Int b(x: Int!): String }")
        let arguments = [
            "--src", directory.path, "--schema", schema, "--cache-directory",
            directory.appendingPathComponent(".cache").path,
        ]
        let generated = directory.appendingPathComponent("__generated__/ScreenQuery.graphql.swift").path

        // Nothing generated yet: --validate reports the missing file and writes nothing.
        let (missingCode, missing) = run(arguments + ["--validate"])
        #expect(missingCode == 1)
        #expect(missing.standardError.first == "\(generated): error: generated file is missing")
        #expect(!manager.fileExists(atPath: generated))

        #expect(run(arguments).output.standardError.last?.contains("1 written, 0 unchanged, 0 deleted") == true)
        #expect(run(arguments).output.standardError.last?.contains("0 written, 1 unchanged, 0 deleted") == true)
        #expect(run(arguments + ["--validate"]).code == 0)

        // A hand-written file in __generated__ is never touched; a stale generated one is removed.
        let handWritten = directory.appendingPathComponent("__generated__/Notes.graphql.swift").path
        try "// mine\n".write(toFile: handWritten, atomically: true, encoding: .utf8)
        try "let q = graphql(\"query ScreenOtherQuery { a }\")\n".write(to: screen, atomically: true, encoding: .utf8)
        let (outdatedCode, outdated) = run(arguments + ["--validate"])
        #expect(outdatedCode == 1)
        #expect(outdated.standardError.contains("\(generated): error: generated file is no longer produced"))
        #expect(run(arguments).output.standardError.last?.contains("1 written, 0 unchanged, 1 deleted") == true)
        #expect(!manager.fileExists(atPath: generated))
        #expect(manager.fileExists(atPath: handWritten))
    }

    /// The build plugin's layout: one artifact per given Swift file (all its definitions, empty
    /// when it has none) and always the schema-types file, so the plugin can name them in advance.
    @Test func writesOneArtifactPerSourceFileForTheBuildPlugin() throws {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("cli-plugin-\(UUID().uuidString)")
        let output = directory.appendingPathComponent("out")
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: directory) }
        let screen = directory.appendingPathComponent("Screen.swift")
        try """
        let q = graphql("query ScreenQuery { a ...Screen_thing }")
        let f = graphql("fragment Screen_thing on Query { b(x: 1) }")
        """.write(to: screen, atomically: true, encoding: .utf8)
        let plain = directory.appendingPathComponent("Plain.swift")
        try "// mentions graphql( in a comment only\n".write(to: plain, atomically: true, encoding: .utf8)
        let schema = try temporaryFile("type Query { a: Int b(x: Int!): String }")
        let arguments = [
            "--schema", schema, "--source-file", screen.path, "--source-file", plain.path,
            "--artifact-directory", output.path, "--output-per-source", "--no-cache",
        ]
        let (code, result) = run(arguments)
        #expect(code == 0, "\(result.standardError)")
        let files = try manager.contentsOfDirectory(atPath: output.path).sorted()
        #expect(files == ["Plain.graphql.swift", "SchemaTypes.graphql.swift", "Screen.graphql.swift"])
        let screenArtifact = try String(
            contentsOf: output.appendingPathComponent("Screen.graphql.swift"), encoding: .utf8)
        #expect(screenArtifact.contains("public struct ScreenQuery"))
        #expect(screenArtifact.contains("public struct Screen_thing"))
        #expect(screenArtifact.components(separatedBy: "import Relay").count == 2)  // imported once
        let plainArtifact = try String(
            contentsOf: output.appendingPathComponent("Plain.graphql.swift"), encoding: .utf8)
        #expect(!plainArtifact.contains("struct"))
        // A second run rewrites nothing; the layout needs an artifact directory.
        #expect(run(arguments).output.standardError.last?.contains("0 written, 3 unchanged, 0 deleted") == true)
        let withoutDirectory = arguments.filter { $0 != "--artifact-directory" && $0 != output.path }
        #expect(run(withoutDirectory).code == 2)
    }

    @Test func buildCacheSkipsUnchangedCompilesAndNeverHidesAChange() throws {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("cli-cache-\(UUID().uuidString)")
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: directory) }
        let screen = directory.appendingPathComponent("Screen.swift")
        try "let q = graphql(\"query ScreenQuery { a }\")\n".write(to: screen, atomically: true, encoding: .utf8)
        let schema = try temporaryFile("type Query { a: Int b: Int }")
        let cacheDirectory = directory.appendingPathComponent(".cache").path
        let arguments = ["--src", directory.path, "--schema", schema, "--cache-directory", cacheDirectory]
        let generated = directory.appendingPathComponent("__generated__/ScreenQuery.graphql.swift").path
        func summary(_ extra: [String] = []) -> String { run(arguments + extra).output.standardError.last ?? "" }

        #expect(summary().contains("1 written"))
        let cached = summary()
        #expect(cached.contains("0 written, 1 unchanged, 0 deleted"))
        #expect(cached.contains("nothing changed since the last compile"))
        #expect(summary(["--validate"]).contains("artifacts up to date"))

        // A generated file edited or deleted by hand is noticed and rewritten.
        let original = try String(contentsOfFile: generated, encoding: .utf8)
        try (original + "// edited\n").write(toFile: generated, atomically: true, encoding: .utf8)
        #expect(summary().contains("1 written, 0 unchanged"))
        #expect(try String(contentsOfFile: generated, encoding: .utf8) == original)
        try manager.removeItem(atPath: generated)
        #expect(summary().contains("1 written, 0 unchanged"))

        // An edited source (same size, so only its content tells) and an edited schema recompile.
        try "let q = graphql(\"query ScreenQuery { b }\")\n".write(to: screen, atomically: true, encoding: .utf8)
        #expect(summary().contains("1 written, 0 unchanged"))
        #expect(try String(contentsOfFile: generated, encoding: .utf8).contains(#"public let b: Int?"#))
        try "type Query { a: Int b: String }".write(toFile: schema, atomically: true, encoding: .utf8)
        #expect(summary().contains("1 written, 0 unchanged"))

        // Errors are never cached: they are reported on every run.
        try "let q = graphql(\"query ScreenQuery { c }\")\n".write(to: screen, atomically: true, encoding: .utf8)
        #expect(run(arguments).code == 1)
        #expect(run(arguments).code == 1)

        // A corrupt cache file means a full compile, not an error; --no-cache never uses it.
        try "let q = graphql(\"query ScreenQuery { a }\")\n".write(to: screen, atomically: true, encoding: .utf8)
        #expect(run(arguments).code == 0)
        for name in try manager.contentsOfDirectory(atPath: cacheDirectory) {
            try "garbage".write(toFile: cacheDirectory + "/" + name, atomically: true, encoding: .utf8)
        }
        #expect(!summary().contains("nothing changed"))
        #expect(summary().contains("nothing changed"))
        #expect(!summary(["--no-cache"]).contains("nothing changed"))
    }

    @Test func readsAConfigurationFileAndWritesPersistedQueries() throws {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("cli-config-\(UUID().uuidString)")
        try manager.createDirectory(at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: directory) }
        try "let q = graphql(\"query ScreenQuery { when }\")\n".write(
            to: directory.appendingPathComponent("App/Screen.swift"), atomically: true, encoding: .utf8)
        try "scalar Date\ntype Query { when: Date }".write(
            to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("relay.json")
        try
            #"{"src": "App", "schema": "schema.graphql", "customScalarTypes": {"Date": "String"}, "persistOutput": "out/queries.json"}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let (code, output) = run(["--config", config.path])
        #expect(code == 0, "\(output.standardError)")
        let text = "query ScreenQuery {\n  when\n}\n"
        let persisted = try String(
            contentsOf: directory.appendingPathComponent("out/queries.json"), encoding: .utf8)
        #expect(persisted.contains("\"\(SHA256.hexDigest(text))\": \"query ScreenQuery {\\n  when\\n}\\n\""))
        #expect(
            manager.fileExists(
                atPath: directory.appendingPathComponent("App/__generated__/ScreenQuery.graphql.swift").path))

        try #"{"src": "App", "schemas": "schema.graphql"}"#.write(to: config, atomically: true, encoding: .utf8)
        let (badCode, bad) = run(["--config", config.path])
        #expect(badCode == 2)
        #expect(
            bad.standardError.first?.hasPrefix(
                "\(config.path):1:16: error: unknown configuration key \"schemas\". Did you mean \"schema\"?") == true)
    }

    /// A `src` outside the configuration file's folder is said: every compile searches it all.
    @Test func aSourceOutsideTheProjectsFolderIsAWarning() throws {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("cli-outside-\(UUID().uuidString)")
        let project = directory.appendingPathComponent("project")
        try manager.createDirectory(at: directory.appendingPathComponent("Shared"), withIntermediateDirectories: true)
        try manager.createDirectory(at: project, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: directory) }
        try "let q = graphql(\"query SharedQuery { a }\")\n".write(
            to: directory.appendingPathComponent("Shared/Shared.swift"), atomically: true, encoding: .utf8)
        try "type Query { a: Int }".write(
            to: project.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let config = project.appendingPathComponent("relay.json")
        try #"{"src": "../Shared", "schema": "schema.graphql", "artifactDirectory": "out"}"#.write(
            to: config, atomically: true, encoding: .utf8)
        let (code, output) = run(["--config", config.path, "--no-cache"])
        #expect(code == 0, "\(output.standardError)")
        #expect(
            output.standardError.first
                == "warning: source '\(directory.path)/Shared' is outside the project's folder '\(project.path)' "
                + "(the configuration file's); everything under it is searched")
    }

    @Test func clientSchemaExtensionsStayOutOfTheServerText() throws {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("cli-extension-\(UUID().uuidString)")
        try manager.createDirectory(at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: directory) }
        try """
        let q = graphql("query ScreenQuery { title isPinned }")
        let l = graphql("query ScreenLocalQuery { isPinned }")

        """.write(to: directory.appendingPathComponent("App/Screen.swift"), atomically: true, encoding: .utf8)
        try "type Query { title: String }".write(
            to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        try "extend type Query { isPinned: Boolean }".write(
            to: directory.appendingPathComponent("local.graphql"), atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("relay.json")
        try
            #"{"src": "App", "schema": "schema.graphql", "schemaExtensions": "local.graphql", "persistOutput": "q.json"}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let (code, output) = run(["--config", config.path, "--no-cache"])
        #expect(code == 0, "\(output.standardError)")
        let persisted = try String(contentsOf: directory.appendingPathComponent("q.json"), encoding: .utf8)
        #expect(persisted.contains(#"query ScreenQuery {\n  title\n}"#) && !persisted.contains("isPinned"))
        #expect(!persisted.contains("ScreenLocalQuery"))

        // The same extension given as server schema is sent.
        let artifacts = directory.appendingPathComponent("out").path
        let (serverCode, server) = run([
            "--src", directory.appendingPathComponent("App").path, "--schema",
            directory.appendingPathComponent("schema.graphql").path, "--schema",
            directory.appendingPathComponent("local.graphql").path, "--artifact-directory", artifacts, "--no-cache",
        ])
        #expect(serverCode == 0, "\(server.standardError)")
        let local = try String(contentsOfFile: artifacts + "/ScreenLocalQuery.graphql.swift", encoding: .utf8)
        #expect(local.contains(#""text":"query ScreenLocalQuery {\n  isPinned\n}\n""#))
        let (extensionCode, asExtension) = run([
            "--src", directory.appendingPathComponent("App").path, "--schema",
            directory.appendingPathComponent("schema.graphql").path, "--schema-extension",
            directory.appendingPathComponent("local.graphql").path, "--artifact-directory", artifacts, "--no-cache",
        ])
        #expect(extensionCode == 0, "\(asExtension.standardError)")
        let clientOnly = try String(contentsOfFile: artifacts + "/ScreenLocalQuery.graphql.swift", encoding: .utf8)
        #expect(clientOnly.contains(#""id":null,"text":null"#))
    }

    @Test func watchRecompilesWhenASourceChanges() throws {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("cli-watch-\(UUID().uuidString)")
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: directory) }
        let screen = directory.appendingPathComponent("Screen.swift")
        try "let q = graphql(\"query ScreenQuery { a }\")\n".write(to: screen, atomically: true, encoding: .utf8)
        let schema = try temporaryFile("type Query { a: Int }")
        // While the tool watches (40 polls of 50 ms), the source gains a second query.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.6) {
            try? "let q = graphql(\"query ScreenQuery { a }\")\nlet r = graphql(\"query ScreenOtherQuery { a }\")\n"
                .write(to: screen, atomically: true, encoding: .utf8)
        }
        let output = Output()
        var tool = CommandLineTool(arguments: ["--src", directory.path, "--schema", schema, "--watch", "--verbose"])
        tool.standardOutput = { output.standardOutput.append($0) }
        tool.standardError = { output.standardError.append($0) }
        tool.rendersForTerminal = false
        tool.watchPollInterval = 0.05
        tool.watchRounds = 40
        #expect(tool.run() == 0)
        let summaries = output.standardError.filter { $0.hasPrefix("Checked ") }
        #expect(summaries.count == 2, "\(output.standardError)")
        #expect(summaries.last?.contains("1 written, 1 unchanged, 0 deleted") == true)
        #expect(
            output.standardError.contains { $0.hasPrefix("wrote ") && $0.hasSuffix("ScreenOtherQuery.graphql.swift") })
    }

    @Test func quietPrintsOnlyDiagnostics() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-quiet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "let q = graphql(\"query ScreenQuery { a }\")\n".write(
            to: directory.appendingPathComponent("Screen.swift"), atomically: true, encoding: .utf8)
        let schema = try temporaryFile("type Query { a: Int }")
        let (code, output) = run(["--src", directory.path, "--schema", schema, "--quiet"])
        #expect(code == 0)
        #expect(output.standardError.isEmpty)
    }

    @Test func noArgumentsWithoutRelayJSONIsAUsageError() {
        #expect(run([]).code == 2)
    }

    /// A project folder with `relay.json` (sources in App/) and one query, for the tests that
    /// run the tool there with flags and no `--config`.
    private func projectWithRelayJSON(_ name: String) throws -> URL {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("cli-\(name)-\(UUID().uuidString)")
        try manager.createDirectory(at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        try "let q = graphql(\"query ScreenQuery { a }\")\n".write(
            to: directory.appendingPathComponent("App/Screen.swift"), atomically: true, encoding: .utf8)
        try "type Query { a: Int b: Int }".write(
            to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        try #"{"src": "App", "schema": "schema.graphql"}"#.write(
            to: directory.appendingPathComponent("relay.json"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test func flagsWithoutConfigReadTheFoldersRelayJSON() throws {
        let directory = try projectWithRelayJSON("flags")
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = directory.appendingPathComponent("App/__generated__/ScreenQuery.graphql.swift")

        // --validate before anything is written: the missing file is named, exit 1.
        let (validateCode, validate) = run(["--validate"], in: directory)
        #expect(validateCode == 1, "\(validate.standardError)")
        #expect(validate.standardError.contains { $0.contains("ScreenQuery.graphql.swift") })
        #expect(!FileManager.default.fileExists(atPath: generated.path))

        // --verbose compiles the project and lists what it wrote.
        let (verboseCode, verbose) = run(["--verbose", "--no-cache"], in: directory)
        #expect(verboseCode == 0, "\(verbose.standardError)")
        #expect(verbose.standardError.contains { $0.hasPrefix("wrote ") && $0.hasSuffix("ScreenQuery.graphql.swift") })
        #expect(FileManager.default.fileExists(atPath: generated.path))
        #expect(run(["--validate"], in: directory).code == 0)

        // --watch compiles, then follows the sources (a few polls here).
        let output = Output()
        var tool = CommandLineTool(arguments: ["--watch", "--no-cache"])
        tool.currentDirectory = directory.path
        tool.standardOutput = { output.standardOutput.append($0) }
        tool.standardError = { output.standardError.append($0) }
        tool.rendersForTerminal = false
        tool.watchPollInterval = 0.01
        tool.watchRounds = 2
        #expect(tool.run() == 0, "\(output.standardError)")
        #expect(output.standardError.contains { $0.hasPrefix("Checked 1 graphql literal(s) in 1 Swift file(s)") })
    }

    @Test func flagsOverrideRelayJSONValues() throws {
        let directory = try projectWithRelayJSON("override")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A schema given on the command line replaces relay.json's (which has `a`).
        let otherSchema = try temporaryFile("type Query { b: Int }")
        let (code, output) = run(["--schema", otherSchema, "--check", "--no-cache"], in: directory)
        #expect(code == 1)
        #expect(
            output.standardError.first?.contains(#"Cannot query field "a" on type "Query". Did you mean "b"?"#) == true)
        // An artifact directory given moves the output.
        let artifacts = directory.appendingPathComponent("Generated").path
        #expect(run(["--artifact-directory", artifacts, "--no-cache"], in: directory).code == 0)
        #expect(FileManager.default.fileExists(atPath: artifacts + "/ScreenQuery.graphql.swift"))
    }

    /// A source folder that is not there (a typo in `--src` or relay.json's `src`) is an error,
    /// not a clean compile of nothing.
    @Test func aMissingSourceFolderIsAnError() throws {
        let directory = try projectWithRelayJSON("missing-src")
        defer { try? FileManager.default.removeItem(at: directory) }
        let typo = directory.appendingPathComponent("Ap").path
        let schema = directory.appendingPathComponent("schema.graphql").path
        let (code, output) = run(["--src", typo, "--schema", schema, "--no-cache"], in: directory)
        #expect(code == 1)
        #expect(output.standardError.first == "error: source '\(typo)' does not exist", "\(output.standardError)")
        try #"{"src": "Ap", "schema": "schema.graphql"}"#.write(
            to: directory.appendingPathComponent("relay.json"), atomically: true, encoding: .utf8)
        let (configured, configuredOutput) = run(["--no-cache"], in: directory)
        #expect(configured == 1)
        #expect(configuredOutput.standardError.first?.hasSuffix("/Ap' does not exist") == true)
    }

    @Test func missingInputsMentionRelayJSONAndConfig() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (code, output) = run(["--validate"], in: directory)
        #expect(code == 2)
        let message = output.standardError.first ?? ""
        #expect(message.hasPrefix("error: no input files: no relay.json in \(directory.path)"), "\(message)")
        #expect(message.contains("--config FILE"))
    }

    @Test func validatesAgainstASchema() throws {
        let schema = try temporaryFile("type Query { a: Int b(x: Int!): String }")
        let document = try temporaryFile("{ a b c }")
        let (code, output) = run(["--schema", schema, "--check", document])
        #expect(code == 1)
        #expect(
            output.standardError.dropLast() == [
                "\(document):1:5: error: Field \"b\" argument \"x\" of type \"Int!\" is required, but it was not provided.",
                "\(document):1:7: error: Cannot query field \"c\" on type \"Query\". Did you mean \"a\" or \"b\"?",
            ])
        #expect(run(["--schema"]).code == 2)
    }
}
