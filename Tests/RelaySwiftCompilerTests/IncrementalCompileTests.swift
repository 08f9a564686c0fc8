import Foundation
import RelayCompiler
import TestSupport
import Testing

@testable import relay_swift_compiler

/// A compile after an edit redoes only the Swift files the edit affects, and its output must be
/// byte for byte what a compile from scratch gives. Seeded random edits to a project of
/// fragments spreading one another across files (fields changed, spreads added and removed,
/// `@refetchable` switched, files added and deleted, errors made and fixed) are each compiled
/// twice: incrementally, with the build cache, and from scratch in a fresh copy.
struct IncrementalCompileTests {
    static let schema = """
        type Query { node(id: ID!): Node viewer: User users(first: Int): [User] }
        interface Node { id: ID! }
        type User implements Node {
          id: ID! name: String age: Int status: Status friends(first: Int): [User] tag(input: TagInput): String
        }
        enum Status { ACTIVE INACTIVE }
        enum Color { RED GREEN }
        input TagInput { color: Color }
        """
    static let fields = ["name", "age", "status", "tag(input: {color: RED})", "friends(first: 2) { id name }"]

    /// A module's literal: a fragment on `User` spreading some of the earlier modules'
    /// fragments (of `modules`, those that exist), and sometimes a query spreading it; when
    /// `broken`, a field that does not exist.
    static func module(_ index: Int, among modules: Set<Int>, broken: Bool = false, _ random: inout SeededRandom)
        -> String
    {
        let name = "Mod\(index)"
        var selections = ["id"] + fields.filter { _ in Bool.random(using: &random) }
        if index > 0 {
            for other in 0..<index where modules.contains(other) && Int.random(in: 0..<3, using: &random) == 0 {
                selections.append("...Mod\(other)_user")
            }
        }
        if broken { selections.append("missingField") }
        let refetchable =
            Int.random(in: 0..<4, using: &random) == 0 ? " @refetchable(queryName: \"\(name)RefetchQuery\")" : ""
        var text = "fragment \(name)_user on User\(refetchable) { \(selections.joined(separator: " ")) }"
        if Bool.random(using: &random) {
            text += "\nquery \(name)Query { viewer { ...\(name)_user } users(first: 3) { id ...\(name)_user } }"
        }
        return "let document = graphql(\"\"\"\n\(text)\n\"\"\")\n"
    }

    /// The generated files under `root`, by path relative to it.
    static func generated(in root: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.path.hasSuffix(".graphql.swift") else { continue }
            files[String(url.path.dropFirst(root.path.count))] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    private final class Output: @unchecked Sendable {
        var lines: [String] = []
    }

    /// Exit code and stderr of a compile of `root`'s sources, with `root` written as `<root>`,
    /// and whether it compiled only part of the project (`--verbose` times the planning).
    static func compile(_ root: URL, schema: String, arguments: [String]) -> (Int32, [String], partial: Bool) {
        let output = Output()
        var tool = CommandLineTool(
            arguments: ["--src", root.appendingPathComponent("Sources").path, "--schema", schema] + arguments)
        tool.standardError = { output.lines.append($0) }
        tool.standardOutput = { _ in }
        tool.rendersForTerminal = false
        let code = tool.run()
        let lines = output.lines.filter { !$0.hasPrefix("Checked ") && !$0.hasPrefix("timings: ") }
        let partial = output.lines.contains { $0.hasPrefix("timings: ") && $0.contains("planning (") }
        return (code, lines.map { $0.replacingOccurrences(of: root.path, with: "<root>") }, partial)
    }

    /// Seeds, each with the `__generated__` layout and the build plugin's (one file per Swift
    /// file in an artifact directory).
    @Test(arguments: [(1, false), (2, false), (3, false), (4, true), (5, true)] as [(UInt64, Bool)])
    func editsCompileToWhatACompileFromScratchGives(seed: UInt64, perSourceFile: Bool) throws {
        var random = SeededRandom(seed: seed)
        let manager = FileManager.default
        let base = manager.temporaryDirectory.appendingPathComponent("incremental-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: base) }
        let project = base.appendingPathComponent("project")
        let sources = project.appendingPathComponent("Sources")
        try manager.createDirectory(at: sources, withIntermediateDirectories: true)
        let schema = base.appendingPathComponent("schema.graphql").path
        try Self.schema.write(toFile: schema, atomically: true, encoding: .utf8)
        func layout(_ root: URL) -> [String] {
            perSourceFile
                ? ["--artifact-directory", root.appendingPathComponent("Generated").path, "--output-per-source"] : []
        }
        let cache = ["--cache-directory", base.appendingPathComponent("cache").path, "--verbose"] + layout(project)
        var modules = Set(0..<10)
        for index in modules.sorted() {
            try Self.module(index, among: modules, &random).write(
                to: sources.appendingPathComponent("Mod\(index).swift"), atomically: true, encoding: .utf8)
        }
        _ = Self.compile(project, schema: schema, arguments: cache)
        var partialCompiles = 0
        var broken: Int?
        for step in 0..<24 {
            // An edit: one module rewritten, removed or added; sometimes with an error, which the
            // next edit fixes.
            let index = broken ?? Int.random(in: 0..<12, using: &random)
            let breaks = broken == nil && Int.random(in: 0..<8, using: &random) == 0
            broken = breaks ? index : nil
            let file = sources.appendingPathComponent("Mod\(index).swift")
            let spreadElsewhere = try modules.contains { other in
                try String(contentsOf: sources.appendingPathComponent("Mod\(other).swift"), encoding: .utf8)
                    .contains("...Mod\(index)_user ")
            }
            if !breaks, modules.contains(index), !spreadElsewhere, Int.random(in: 0..<4, using: &random) == 0 {
                try manager.removeItem(at: file)
                modules.remove(index)
            } else {
                try Self.module(index, among: modules, broken: breaks, &random).write(
                    to: file, atomically: true, encoding: .utf8)
                modules.insert(index)
            }
            let (code, diagnostics, wasPartial) = Self.compile(project, schema: schema, arguments: cache)
            let scratch = base.appendingPathComponent("scratch-\(step)")
            try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
            try manager.copyItem(at: sources, to: scratch.appendingPathComponent("Sources"))
            for stale in try Self.generated(in: scratch).keys {
                try manager.removeItem(atPath: scratch.path + stale)
            }
            let (scratchCode, scratchDiagnostics, _) = Self.compile(
                scratch, schema: schema, arguments: ["--no-cache"] + layout(scratch))
            #expect(code == scratchCode, "step \(step)")
            #expect(
                diagnostics.filter { !$0.hasPrefix("wrote ") && !$0.hasPrefix("deleted ") } == scratchDiagnostics,
                "step \(step)")
            let incremental = try Self.generated(in: project)
            let fromScratch = try Self.generated(in: scratch)
            let differing = Set(incremental.keys).union(fromScratch.keys).filter { incremental[$0] != fromScratch[$0] }
            // A compile with errors writes nothing; what is on disk then is the last good compile's.
            if code == 0, !differing.isEmpty {
                let example = differing.sorted().prefix(2).joined(separator: ", ")
                let counts = "\(incremental.count) vs \(fromScratch.count) files"
                Issue.record("step \(step): \(differing.count) generated files differ, e.g. \(example); \(counts)")
            }
            if code == 0, wasPartial { partialCompiles += 1 }
        }
        // The edits were compiled in part, not all from scratch (else this test proves nothing).
        #expect(partialCompiles >= 8, "only \(partialCompiles) partial compiles")
    }
}

extension IncrementalCompileTests {
    /// A project of `files` (Swift file name → GraphQL text) under a new temporary folder, with a
    /// build cache; `edit` rewrites one file and compiles again.
    final class Project {
        let base: URL
        let schema: String
        init(_ files: [String: String]) throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("incremental-\(UUID().uuidString)")
            schema = base.appendingPathComponent("schema.graphql").path
            try FileManager.default.createDirectory(
                at: base.appendingPathComponent("project/Sources"), withIntermediateDirectories: true)
            try IncrementalCompileTests.schema.write(toFile: schema, atomically: true, encoding: .utf8)
            for (name, text) in files { try write(name, text) }
        }
        deinit { try? FileManager.default.removeItem(at: base) }

        func write(_ name: String, _ text: String) throws {
            try "let document = graphql(\"\"\"\n\(text)\n\"\"\")\n".write(
                to: base.appendingPathComponent("project/Sources/\(name)"), atomically: true, encoding: .utf8)
        }

        func compile() -> (Int32, [String], partial: Bool) {
            IncrementalCompileTests.compile(
                base.appendingPathComponent("project"), schema: schema,
                arguments: ["--cache-directory", base.appendingPathComponent("cache").path, "--verbose"])
        }
    }

    /// A refetch query named like another file's operation, or the reverse: the plan sees the
    /// clash before anything is checked (it is in the parses' outlines) and compiles the whole
    /// project, which reports it.
    @Test(arguments: [
        ("B.swift", #"fragment B_user on User @refetchable(queryName: "AQuery") { id }"#),
        ("BRefetch.swift", "query BRefetchQuery { viewer { id } }"),
    ])
    func aRefetchQueryNamedLikeAnotherFilesOperationIsCompiledWhole(file: String, text: String) throws {
        let project = try Project([
            "A.swift": "query AQuery { viewer { ...B_user } }",
            "B.swift": #"fragment B_user on User @refetchable(queryName: "BRefetchQuery") { id }"#,
            "C.swift": "query CQuery { viewer { id } }",
        ])
        #expect(project.compile().0 == 0)
        try project.write("C.swift", "query CQuery { viewer { id name } }")
        let edited = project.compile()
        #expect(edited.0 == 0 && edited.partial, "an edit without a clash is compiled in part")
        try project.write(file, text)
        let (code, diagnostics, partial) = project.compile()
        #expect(code != 0)
        #expect(!partial)
        #expect(diagnostics.contains { $0.contains("is already used") }, "\(diagnostics)")
    }

    /// A partial compile that finds errors reports them as they are (the files it did not
    /// compile were clean and are unaffected): nothing is compiled again.
    @Test func aPartialCompileWithErrorsStaysPartial() throws {
        let project = try Project([
            "A.swift": "query AQuery { viewer { ...B_user } }", "B.swift": "fragment B_user on User { id }",
            "C.swift": "query CQuery { viewer { id } }",
        ])
        #expect(project.compile().0 == 0)
        try project.write("C.swift", "query CQuery { viewer { id missingField } }")
        let (code, diagnostics, partial) = project.compile()
        #expect(code != 0 && partial)
        #expect(diagnostics.contains { $0.hasPrefix("<root>/Sources/C.swift:2:") && $0.contains("missingField") })
    }
}

extension IncrementalCompileTests {
    /// A Relay Resolver ties a query to its field's root fragment through the schema, not a
    /// spread: an edit of the root fragment must reach the query's server text, so a project
    /// with resolvers is compiled whole.
    @Test func anEditOfAResolversRootFragmentReachesTheQueriesReadingIt() throws {
        let project = try Project([
            "A.swift": "query AQuery { viewer { id label } }",
            "B.swift": "fragment BLabelResolver on User { name }",
        ])
        let extensionFile = project.base.appendingPathComponent("resolvers.graphql").path
        try
            #"extend type User { label: String @relay_resolver(fragment_name: "BLabelResolver", import_path: "B.swift") }"#
            .write(toFile: extensionFile, atomically: true, encoding: .utf8)
        func compile() -> (Int32, [String], partial: Bool) {
            IncrementalCompileTests.compile(
                project.base.appendingPathComponent("project"), schema: project.schema,
                arguments: [
                    "--schema-extension", extensionFile, "--cache-directory",
                    project.base.appendingPathComponent("cache").path, "--verbose",
                ])
        }
        #expect(compile().0 == 0)
        try project.write("B.swift", "fragment BLabelResolver on User { name age }")
        let (code, diagnostics, partial) = compile()
        #expect(code == 0 && !partial, "\(diagnostics)")
        let query = try String(
            contentsOf: project.base.appendingPathComponent("project/Sources/__generated__/AQuery.graphql.swift"),
            encoding: .utf8)
        #expect(query.contains("age"), "the query's text spreads the edited root fragment")
    }
}
