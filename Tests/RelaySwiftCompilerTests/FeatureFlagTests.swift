import Foundation
import TestSupport
import Testing

/// Relay's `featureFlags` through the command line: each flag of Relay 21 read as Relay reads it.
extension CommandLineToolTests {
    @Test func featureFlagsTurnAliasEnforcementOff() throws {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("cli-flags-\(UUID().uuidString)")
        try manager.createDirectory(at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: directory) }
        try """
        let q = graphql("query ScreenQuery { node { ...Screen_user } }")
        let f = graphql("fragment Screen_user on User { name }")

        """.write(to: directory.appendingPathComponent("App/Screen.swift"), atomically: true, encoding: .utf8)
        try "interface Node { id: ID! }\ntype User implements Node { id: ID!, name: String }\ntype Query { node: Node }"
            .write(to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("relay.json")
        func compile(_ flags: String) -> (code: Int32, output: Output) {
            try? #"{"src": "App", "schema": "schema.graphql", "featureFlags": \#(flags)}"#
                .write(to: config, atomically: true, encoding: .utf8)
            return run(["--config", config.path, "--no-cache"])
        }
        let enforced = compile("{}")
        #expect(enforced.code == 1)
        #expect(enforced.output.standardError.first?.contains("Expected `@alias` directive.") == true)
        let off = compile(#"{"enforce_fragment_alias_where_ambiguous": {"kind": "disabled"}}"#)
        #expect(off.code == 0, "\(off.output.standardError)")
        let unknown = compile(#"{"enable_relay_resolver_transform": {"kind": "enabled"}}"#)
        #expect(unknown.code == 2)
        #expect(
            unknown.output.standardError.first?.contains(
                "unknown feature flag \"enable_relay_resolver_transform\" (Relay 21 has no such flag).") == true,
            "\(unknown.output.standardError)")
        // Every flag Relay 21 has is read as Relay reads it: the JavaScript ones change nothing,
        // one relay-swift does not support is refused by name only when turned on.
        let javaScript = compile(
            #"{"enforce_fragment_alias_where_ambiguous": {"kind": "disabled"}, "text_artifacts": {"kind": "enabled"}, "actor_change_support": {"kind": "disabled"}, "enable_resolver_normalization_ast": false}"#
        )
        #expect(javaScript.code == 0, "\(javaScript.output.standardError)")
        let unsupported = compile(#"{"actor_change_support": {"kind": "enabled"}}"#)
        #expect(unsupported.code == 2)
        #expect(
            unsupported.output.standardError.first?.contains(
                "\"featureFlags\".actor_change_support cannot be turned on in relay-swift: `@as_actor` is not supported"
            )
                == true, "\(unsupported.output.standardError)")
        // The flag named in the error an app from an older Relay meets.
        #expect(enforced.output.standardError.first?.contains("`enforce_fragment_alias_where_ambiguous`") == true)
    }

    /// Relay's `compact_query_text`: the text without optional spaces and line breaks,
    /// selections separated by commas, as Relay's printer writes it compact.
    @Test func compactQueryTextPrintsRelaysCompactText() throws {
        let query =
            #"let q = graphql("query ScreenQuery($id: ID!, $size: Int = 2) { "#
            + #"node(id: $id) { id ...ScreenNode } items(first: $size) { id } }")"#
        let fragment = #"let f = graphql("fragment ScreenNode on Node { id }")"#
        let schema = "interface Node { id: ID! }\ntype Query { node(id: ID!): Node, items(first: Int): [Node] }\n"
        let flags = #"{"compact_query_text": {"kind": "enabled"}}"#
        let folder = try TemporaryFolder.make(
            "compact",
            files: [
                "Sources/Screen.swift": query + "\n" + fragment + "\n", "schema.graphql": schema,
                "relay.json": #"{"src": "Sources", "schema": "schema.graphql", "featureFlags": \#(flags)}"#,
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = ToolRun(["--config", folder.appendingPathComponent("relay.json").path, "--no-cache"], in: folder)
        #expect(run.code == 0, "\(run.errors)")
        let artifact = try String(
            contentsOf: folder.appendingPathComponent("Sources/__generated__/ScreenQuery.graphql.swift"),
            encoding: .utf8)
        let text =
            #"query ScreenQuery($id:ID!,$size:Int=2){node(id:$id){__typename,id,...ScreenNode},"#
            + #"items(first:$size){__typename,id}}\n\n"#
            + #"fragment ScreenNode on Node{__isNode:__typename,id}\n"#
        #expect(artifact.contains(#""text":"\#(text)""#), "\(artifact)")
    }
}
