import Foundation
import RelayCompiler
import Testing

@testable import relay_swift_compiler

/// Nothing a user wrote is overwritten or deleted: a hand-written file at an artifact's path,
/// and the inputs and foreign files `persistOutput` may name, through the command line as a
/// person runs it and as the build plugin invokes it.
final class FileOwnershipTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owner-\(UUID().uuidString)")
    private var errors: [String] = []

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func write(_ name: String, _ text: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs the compiler with `arguments`, keeping what it printed on standard error.
    private func compile(_ arguments: [String]) -> Int32 {
        let run = ToolRun(arguments, in: folder)
        errors = run.errors
        return run.code
    }

    private func project(persistOutput: String? = nil) throws {
        try write("Sources/Thing.swift", "let q = graphql(\"query ThingQuery { title }\")\n")
        try write("Sources/Other.swift", "let q = graphql(\"query OtherQuery { title }\")\n")
        try write("schema.graphql", "type Query { title: String }\n")
        let persist = persistOutput.map { #", "persistOutput": "\#($0)""# } ?? ""
        try write("relay.json", #"{"src": "Sources", "schema": "schema.graphql"\#(persist)}"#)
    }

    @Test func aHandWrittenFileAtAnArtifactsPathSurvivesACompileAndTheRemovalOfItsQuery() throws {
        try project()
        let handWritten = "// Mine: a person wrote this.\nstruct ThingQuery {}\n"
        try write("Sources/__generated__/ThingQuery.graphql.swift", handWritten)
        #expect(compile(["--config", path("relay.json")]) == 1)
        let generated = path("Sources/__generated__/ThingQuery.graphql.swift")
        #expect(
            errors.first?.hasPrefix(
                "\(generated):1:1: error: 'ThingQuery.graphql.swift' is not a file relay-swift-compiler generated")
                == true,
            "\(errors)")
        #expect(read("Sources/__generated__/ThingQuery.graphql.swift") == handWritten)
        // Nothing in the folder changed: the other operation's artifact was not written either.
        #expect(read("Sources/__generated__/OtherQuery.graphql.swift") == nil)

        // With the query gone, the file is not ours to delete.
        try write("Sources/Thing.swift", "let nothing = 0\n")
        #expect(compile(["--config", path("relay.json")]) == 0, "\(errors)")
        #expect(read("Sources/__generated__/ThingQuery.graphql.swift") == handWritten)
        #expect(read("Sources/__generated__/OtherQuery.graphql.swift")?.hasPrefix(ArtifactGenerator.header) == true)
    }

    @Test func theBuildPluginsInvocationRefusesAHandWrittenFileInItsOutputFolder() throws {
        try project()
        let handWritten = "enum Notes {}\n"
        try write("out/Thing.graphql.swift", handWritten)
        let code = compile([
            "--config", path("relay.json"), "--artifact-directory", path("out"), "--output-per-source", "--no-cache",
            "--quiet", "--source-file", path("Sources/Thing.swift"), "--source-file", path("Sources/Other.swift"),
        ])
        #expect(code == 1)
        #expect(errors.contains { $0.hasPrefix("\(path("out/Thing.graphql.swift")):1:1: error:") }, "\(errors)")
        #expect(read("out/Thing.graphql.swift") == handWritten)
        #expect(read("out/SchemaTypes.graphql.swift") == nil)
    }

    @Test(arguments: ["schema.graphql", "Sources/Thing.swift", "notes.json", "Sources"])
    func persistOutputNeverReplacesAnInputOrAForeignFile(target: String) throws {
        try project(persistOutput: target)
        try write("notes.json", #"{"title": "my notes", "items": [1, 2]}"# + "\n")
        let before = [read(target), read("schema.graphql"), read("Sources/Thing.swift"), read("notes.json")]
        #expect(compile(["--config", path("relay.json")]) == 1)
        #expect([read(target), read("schema.graphql"), read("Sources/Thing.swift"), read("notes.json")] == before)
        #expect(read("Sources/__generated__/ThingQuery.graphql.swift") == nil, "nothing is written when refused")
        let expected: String
        switch target {
        case "schema.graphql": expected = "it is a schema file of this compile"
        case "Sources/Thing.swift": expected = "it is a Swift source of this compile"
        case "Sources": expected = "it is a folder"
        default: expected = "is not a persisted-query map"
        }
        #expect(errors.contains { $0.contains(expected) }, "\(errors)")

        // The same through the build plugin's arguments.
        #expect(
            compile([
                "--config", path("relay.json"), "--artifact-directory", path("out"), "--output-per-source",
                "--no-cache", "--quiet", "--source-file", path("Sources/Thing.swift"),
            ]) == 1)
        #expect([read(target), read("schema.graphql"), read("Sources/Thing.swift"), read("notes.json")] == before)
        #expect(errors.contains { $0.contains(expected) }, "\(errors)")
    }

    @Test func anExistingRelayQueryMapIsMergedAndKeepsItsEntries() throws {
        try project(persistOutput: "queries.json")
        // As Relay's local persister writes it: ids of operations this project no longer has.
        try write(
            "queries.json",
            """
            {
              "0b1c2d3e4f": "query Shipped {\\n  title\\n}",
              "ABCDEF0123": "query OldClient {\\n  title\\n}"
            }

            """)
        #expect(compile(["--config", path("relay.json"), "--no-cache"]) == 0, "\(errors)")
        let map = try #require(
            JSONSerialization.jsonObject(with: Data((read("queries.json") ?? "").utf8)) as? [String: String])
        let thing = "query ThingQuery {\n  title\n}\n"
        #expect(map["0b1c2d3e4f"] == "query Shipped {\n  title\n}")
        #expect(map["ABCDEF0123"] == "query OldClient {\n  title\n}")
        #expect(map[SHA256.hexDigest(thing)] == thing)
        #expect(map.count == 4)

        // Through the build plugin's arguments, the map written above is merged again, unchanged.
        let before = read("queries.json")
        #expect(
            compile([
                "--config", path("relay.json"), "--artifact-directory", path("out"), "--output-per-source",
                "--no-cache", "--quiet", "--source-file", path("Sources/Thing.swift"),
            ]) == 0, "\(errors)")
        #expect(read("queries.json") == before)
    }

    /// `persistConfig` with each of Relay's algorithms writes Relay's map: every id the
    /// lowercase hex digest of exactly the text beside it, the entries already there kept, the
    /// file laid out as Relay's local persister lays it out.
    @Test(arguments: [("MD5", 32), ("SHA1", 40), ("SHA256", 64), (nil, 32)])
    func persistConfigWritesRelaysQueryMap(algorithm: String?, digits: Int) throws {
        try project()
        let chosen = algorithm.map { #", "algorithm": "\#($0)""# } ?? ""
        try write(
            "relay.json",
            #"{"src": "Sources", "schema": "schema.graphql", "persistConfig": {"file": "queryMap.json"\#(chosen)}}"#)
        try write("queryMap.json", "{\n  \"0b1c\": \"query Shipped {\\n  title\\n}\\n\"\n}\n")
        #expect(compile(["--config", path("relay.json"), "--no-cache"]) == 0, "\(errors)")
        let written = try #require(read("queryMap.json"))
        let map = try #require(JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: String])
        let digest = PersistedQueryAlgorithm(rawValue: algorithm ?? "MD5") ?? .md5
        #expect(map.count == 3)
        #expect(map["0b1c"] == "query Shipped {\n  title\n}\n")
        for (id, text) in map where id != "0b1c" {
            #expect(id == digest.id(of: text) && id.count == digits && id == id.lowercased())
        }
        let thing = "query ThingQuery {\n  title\n}\n"
        let lines = map.keys.sorted().map { id in
            "  \"\(id)\": \"" + (map[id] ?? "").replacingOccurrences(of: "\n", with: "\\n") + "\""
        }
        #expect(written == "{\n" + lines.joined(separator: ",\n") + "\n}\n")
        #expect(map[digest.id(of: thing)] == thing)
        // The artifact's request carries the same id.
        let artifact = try #require(read("Sources/__generated__/ThingQuery.graphql.swift"))
        #expect(artifact.contains(#""id":"\#(digest.id(of: thing))""#))
    }
}
