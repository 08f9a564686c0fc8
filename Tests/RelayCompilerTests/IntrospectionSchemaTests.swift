import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// A schema from an introspection result (`fetch-schema`, `.json` schema files) against the SDL
/// it came from, with graphql-core as the judge: the GitHub schema's SDL, introspected by
/// graphql-core, turned back into SDL here, prints the same in graphql-core (sorted, without the
/// directives every server has).
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["RELAY_TODO_SERVER_PYTHON"] != nil
            && RelayFixtureCorpus.sharedFileExists("workloads/github-schema.graphql"),
        "needs RELAY_TODO_SERVER_PYTHON (a Python with graphql-core, bash .ci/todo-server-venv.sh) and the GitHub schema"
    ))
struct IntrospectionSchemaTests {
    static let python = ProcessInfo.processInfo.environment["RELAY_TODO_SERVER_PYTHON"] ?? "python3"

    /// Runs a Python script with arguments; its standard output.
    static func python(_ script: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func theGitHubSchemasIntrospectionGivesBackItsSDL() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("introspection-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sdl = RelayFixtureCorpus.sharedFile("workloads/github-schema.graphql").path
        let json = folder.appendingPathComponent("github.json").path
        _ = try Self.python(
            """
            import json, sys
            from graphql import build_schema, introspection_from_schema
            schema = build_schema(open(sys.argv[1]).read(), assume_valid=True, assume_valid_sdl=True)
            json.dump({"data": introspection_from_schema(schema)}, open(sys.argv[2], "w"))
            """, [sdl, json])
        let converted = try IntrospectionSchema.printedSDL(fromJSON: try Data(contentsOf: URL(fileURLWithPath: json)))
        let (_, diagnostics) = SchemaLoader.load([Source(converted, name: "github.json")])
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
        let convertedPath = folder.appendingPathComponent("converted.graphql").path
        try converted.write(toFile: convertedPath, atomically: true, encoding: .utf8)
        let verdict = try Self.python(
            """
            import sys
            from graphql import build_schema, print_schema, lexicographic_sort_schema, specified_directives
            def printed(path):
                schema = lexicographic_sort_schema(build_schema(open(path).read(), assume_valid=True, assume_valid_sdl=True))
                return print_schema(schema)
            a, b = printed(sys.argv[1]), printed(sys.argv[2])
            print("same" if a == b else "\\n".join(x for x in a.split("\\n\\n") if x not in b.split("\\n\\n"))[:2000])
            """, [sdl, convertedPath])
        #expect(verdict == "same\n")
    }

    @Test func aJSONSchemaFileThatIsNotAnIntrospectionResultIsAnError() throws {
        #expect(throws: Diagnostic.self) { try IntrospectionSchema.schemaText("{\"data\": {}}", path: "schema.json") }
        #expect(throws: Diagnostic.self) { try IntrospectionSchema.schemaText("not json", path: "schema.json") }
        #expect(throws: Diagnostic.self) {
            try IntrospectionSchema.schemaText(
                #"{"errors": [{"message": "introspection is disabled"}]}"#, path: "s.json")
        }
        #expect(
            try IntrospectionSchema.schemaText("type Query { a: Int }", path: "schema.graphql")
                == "type Query { a: Int }")
    }
}
