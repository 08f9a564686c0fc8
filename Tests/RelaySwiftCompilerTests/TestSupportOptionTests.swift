import Foundation
import TestSupport
import Testing

/// relay.json's `testSupport`: what `RelayTesting`'s generated-data check needs is written only
/// for a project that asks.
extension CommandLineToolTests {
    @Test func testSupportListsEveryDefinitionAndTypesEveryOperation() throws {
        let query = #"let q = graphql("query ScreenQuery($id: ID!) { node(id: $id) { id ...Screen_node @defer } }")"#
        let fragment = #"let f = graphql("fragment Screen_node on Node { ... on User { name visits } }")"#
        let schema =
            "interface Node { id: ID! }\ntype User implements Node { id: ID!, name: String, visits: Int! }\n"
            + "type Query { node(id: ID!): Node }\n"
        func compile(_ options: String) throws -> (code: Int32, folder: URL) {
            let folder = try TemporaryFolder.make(
                "test-support",
                files: [
                    "Sources/Screen.swift": query + "\n" + fragment + "\n", "schema.graphql": schema,
                    "relay.json": #"{"src": "Sources", "schema": "schema.graphql"\#(options)}"#,
                ])
            let run = ToolRun(["--config", folder.appendingPathComponent("relay.json").path, "--no-cache"], in: folder)
            #expect(run.code == 0, "\(run.errors)")
            return (run.code, folder)
        }
        let asked = try compile(#", "testSupport": true"#)
        defer { try? FileManager.default.removeItem(at: asked.folder) }
        let generated = asked.folder.appendingPathComponent("Sources/__generated__")
        let index = try String(
            contentsOf: generated.appendingPathComponent("RelayDefinitions.graphql.swift"), encoding: .utf8)
        #expect(index.contains("public static let operations: [any Relay.Operation.Type] = [ScreenQuery.self]"))
        #expect(index.contains("public static let fragments: [any Relay.Fragment.Type] = [Screen_node.self]"))
        let operation = try String(
            contentsOf: generated.appendingPathComponent("ScreenQuery.graphql.swift"), encoding: .utf8)
        #expect(operation.contains(#""node.visits":{"type":"Int","nullable":false}"#), "\(operation)")
        #expect(operation.contains(#""node":{"type":"Node","possibleTypes":["User"]}"#), "\(operation)")
        #expect(operation.contains(#""$id":{"type":"ID","nullable":false}"#), "\(operation)")
        // Where the server splits the response: the deferred fragment's fields, at `node`.
        #expect(
            operation.contains(#""testIncremental":{"fields":["node","node.__typename","node.id"]"#), "\(operation)")
        #expect(
            operation.contains(
                #"{"kind":"Defer","fields":["node.__isNode","node.name","node.visits"],"label":"ScreenQuery$defer$Screen_node","path":"node"}"#
            ))
        // A fragment on an interface says so, as Relay's `abstractKey`.
        let fragmentFile = try String(
            contentsOf: generated.appendingPathComponent("Screen_node.graphql.swift"), encoding: .utf8)
        #expect(fragmentFile.contains(#""type":"Node","abstractKey":"__isNode""#), "\(fragmentFile)")
        let plain = try compile("")
        defer { try? FileManager.default.removeItem(at: plain.folder) }
        let plainGenerated = plain.folder.appendingPathComponent("Sources/__generated__")
        #expect(
            !FileManager.default.fileExists(
                atPath: plainGenerated.appendingPathComponent("RelayDefinitions.graphql.swift").path))
        let plainOperation = try String(
            contentsOf: plainGenerated.appendingPathComponent("ScreenQuery.graphql.swift"), encoding: .utf8)
        #expect(!plainOperation.contains("testSelectionTypes") && !plainOperation.contains("testIncremental"))
    }
}
