import Foundation
import GraphQLParser
import RelayCompiler
import TestSupport
import Testing

@testable import RelayLanguageServer

/// One path: every golden case compiled through the command line (its `relay.json` naming
/// `src`), the build plugin's invocation (`--output-per-source`, one `--source-file` per file
/// that calls `graphql(`) and the language server (its language service's generated files, and
/// the diagnostics the server publishes from its own reading of relay.json) gives the same
/// diagnostics and the same generated declarations — the project driver is the one compile
/// behind all three.
struct OnePathTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    /// What one way of compiling gave: rendered diagnostics, and the top-level declarations of
    /// the generated files (not the schema types, which the editor does not generate).
    struct Outcome: Equatable, CustomStringConvertible {
        var diagnostics: [String]
        var declarations: [String]
        var description: String {
            "\(diagnostics.count) diagnostics, \(declarations.count) declarations\n"
                + diagnostics.joined(separator: "\n")
        }
    }

    @Test(arguments: cases)
    func theCommandLineThePluginAndTheEditorAgree(name: String) throws {
        let folder = try copy(name)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = folder.appendingPathComponent("relay.json").path

        let commandLine = ToolRun(["--config", configuration, "--no-cache"], in: folder)
        let cli = Outcome(
            diagnostics: Self.diagnostics(commandLine.errors),
            declarations: try Self.declarations(in: folder.appendingPathComponent("cli-out")))

        let sources = try Self.pluginSources(folder)
        let pluginRun = ToolRun(
            [
                "--config", configuration, "--artifact-directory", folder.appendingPathComponent("plugin-out").path,
                "--output-per-source", "--no-cache", "--quiet",
            ] + sources.flatMap { ["--source-file", $0] },
            in: folder)
        let plugin = Outcome(
            diagnostics: Self.diagnostics(pluginRun.errors),
            declarations: try Self.declarations(in: folder.appendingPathComponent("plugin-out")))

        let projects = try CompilerConfiguration.loadProjects(path: configuration).get()
        var editorDiagnostics: [String] = []
        var editorArtifacts: [Artifact] = []
        for project in projects {
            let workspace = LanguageWorkspace(configuration: project.configuration)
            let compilation = workspace.compile()
            editorDiagnostics += compilation.diagnostics.values.flatMap { $0 }.map {
                DiagnosticRenderer.plain.render($0)
            }
            editorArtifacts += compilation.artifacts
        }
        let editor = Outcome(
            diagnostics: editorDiagnostics.sorted(),
            declarations: Self.declarations(of: editorArtifacts.map(\.contents)))

        // And as the server publishes them, from its own reading of relay.json.
        let server = ProjectWorkspaces { _, message in Issue.record("\(name): the server said \(message)") }
        server.root = folder.path
        server.loadConfiguration()
        let published = server.compile(log: nil).flatMap { publication in
            publication.diagnostics.map { diagnostic in
                let path = URL(string: publication.uri)?.path ?? publication.uri
                let severity = diagnostic.severity == 1 ? "error" : "warning"
                return "\(path):\(diagnostic.range.start.line + 1):\(diagnostic.range.start.character + 1): "
                    + "\(severity): \(diagnostic.message)"
            }
        }

        #expect(cli == plugin, "\(name): the command line and the plugin's invocation differ")
        #expect(cli == editor, "\(name): the command line and the language service differ")
        // (The protocol carries a diagnostic's first line, not its notes.)
        let headlines = cli.diagnostics.map { String($0.prefix { $0 != "\n" }) }.sorted()
        #expect(headlines == published.sorted(), "\(name): the command line and the language server differ")
        #expect(cli.declarations.count > 0 || !cli.diagnostics.isEmpty, "\(name) compiled nothing")
    }

    /// The case in a folder of its own, with a `relay.json` naming its sources and schema.
    func copy(_ name: String) throws -> URL {
        let source = Self.golden.appendingPathComponent(name)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for item in try FileManager.default.contentsOfDirectory(atPath: source.path) where item != "expected" {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
        let file = folder.appendingPathComponent("relay.json")
        var object =
            (try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) as? [String: Any] ?? [:]
        object["src"] = "Sources"
        object["schema"] = "schema.graphql"
        object["artifactDirectory"] = "cli-out"
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        return folder
    }

    /// What the build plugin passes: the Swift files that call `graphql(` or declare a Relay
    /// Resolver, and the documents.
    static func pluginSources(_ folder: URL) throws -> [String] {
        let manager = FileManager.default
        var files: [String] = []
        for root in ["Sources", "GraphQL"] {
            let base = folder.appendingPathComponent(root)
            guard let walk = manager.enumerator(atPath: base.path) else { continue }
            for case let relative as String in walk {
                let path = base.appendingPathComponent(relative).path
                let text = relative.hasSuffix(".swift") ? try String(contentsOfFile: path, encoding: .utf8) : ""
                let callsGraphQL = text.contains("graphql(") || text.contains("@RelayResolver")
                if relative.hasSuffix(".graphql") || callsGraphQL { files.append(path) }
            }
        }
        return files.sorted()
    }

    /// The rendered diagnostics a run printed (not its summary), sorted.
    static func diagnostics(_ printed: [String]) -> [String] {
        printed.filter { !$0.hasPrefix("Checked ") && !$0.hasPrefix("Project ") }.sorted()
    }

    /// The schema's types and the test-support index are files a build writes and the editor,
    /// which checks only, does not.
    static func declarations(in folder: URL) throws -> [String] {
        let manager = FileManager.default
        let files = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0 != ArtifactGenerator.schemaTypesFileName && $0 != "RelayDefinitions.graphql.swift"
        }
        return declarations(
            of: try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) })
    }

    /// The top-level declarations of generated files: each run of lines from one that starts a
    /// declaration at the left margin up to the next, sorted; headers and imports left out.
    static func declarations(of files: [String]) -> [String] {
        var found: [String] = []
        for file in files where !file.contains("enum SchemaTypes") {
            var current: [Substring] = []
            for line in file.split(separator: "\n", omittingEmptySubsequences: false) {
                let startsDeclaration =
                    !line.isEmpty && !line.hasPrefix(" ") && !line.hasPrefix("}") && !line.hasPrefix("//")
                    && !line.hasPrefix("import ") && !line.hasPrefix("@_spi") && !line.hasPrefix("#")
                if startsDeclaration, !current.isEmpty {
                    found.append(current.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
                    current = []
                }
                if startsDeclaration || !current.isEmpty { current.append(line) }
            }
            if !current.isEmpty {
                found.append(current.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        return found.sorted()
    }
}

/// Every operation the compiler accepts can be printed in the editor, with the text the command
/// line's compile gives it (the text the server gets), for every golden case without errors.
struct PrintEveryOperationTests {
    @Test(arguments: OnePathTests.cases)
    func everyOperationPrintsAsTheCompileMakesIt(name: String) throws {
        let folder = try OnePathTests().copy(name)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = try CompilerConfiguration.load(path: folder.appendingPathComponent("relay.json").path).get()
        let result = Pipeline(configuration: configuration).run()
        guard !result.diagnostics.containsErrors, let programs = result.programs else { return }
        let workspace = LanguageWorkspace(configuration: configuration)
        workspace.compile()
        var printed = 0
        for (operation, text) in programs.texts.sorted(by: { $0.key < $1.key }) {
            // Operations the compiler makes (refetch and client-edge queries) are in no file.
            guard let (file, offset) = Self.place(of: operation, in: configuration.swiftFiles) else { continue }
            let answer = workspace.operationText(in: file, atByte: offset)
            #expect(answer?.name == operation, "\(name): \(operation) is not printed")
            #expect(answer?.text == text, "\(name): \(operation) printed differently")
            printed += 1
        }
        #expect(printed > 0 || programs.texts.isEmpty, "\(name): no operation found to print")
    }

    /// The file and byte offset of an operation's name as written (`query Name`).
    static func place(of operation: String, in files: [String]) -> (String, Int)? {
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for keyword in ["query ", "mutation ", "subscription "] {
                guard let range = text.range(of: keyword + operation),
                    !(text[range.upperBound...].first.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false)
                else { continue }
                return (file, text.utf8.distance(from: text.startIndex, to: range.lowerBound) + keyword.utf8.count)
            }
        }
        return nil
    }
}
