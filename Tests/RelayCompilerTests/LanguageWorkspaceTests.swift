import Foundation
import GraphQLParser
import RelayCompiler
import TestSupport
import Testing

/// The language server's workspace compiles only what an edit affects; what it reports must
/// be what a compile of the whole project reports. Seeded random unsaved edits to a project of
/// fragments spreading one another across files (fields changed, misspelled, fragments renamed
/// so their spreads break, syntax broken and mended) are each checked against a fresh compile.
struct LanguageWorkspaceTests {
    static let schema = """
        type Query { viewer: User }
        type User { id: ID! name: String age: Int friends(first: Int): [User] }
        """

    static func module(_ index: Int, _ random: inout SeededRandom) -> String {
        var selections =
            ["id"] + ["name", "age", "friends(first: 2) { id }"].filter { _ in Bool.random(using: &random) }
        for other in 0..<index where Int.random(in: 0..<3, using: &random) == 0 {
            selections.append("...Mod\(other)_user")
        }
        switch Int.random(in: 0..<8, using: &random) {
        case 0: selections.append("nmae")  // a misspelled field
        case 1: selections.append("{")  // does not parse
        default: break
        }
        // Now and then the fragment is renamed, which breaks every spread of it.
        let name = Int.random(in: 0..<8, using: &random) == 0 ? "Mod\(index)_renamed" : "Mod\(index)_user"
        var text = "fragment \(name) on User { \(selections.joined(separator: " ")) }"
        if Bool.random(using: &random) { text += "\nquery Mod\(index)Query { viewer { ...\(name) } }" }
        return "import Relay\n\nlet document = graphql(\"\"\"\n\(text)\n\"\"\")\n"
    }

    /// Diagnostics as "line:column: message", by file name.
    static func summary(_ diagnostics: [Diagnostic]) -> [String: [String]] {
        var byFile: [String: [String]] = [:]
        for diagnostic in diagnostics.sortedByLocation() {
            let location = diagnostic.location
            byFile[(location?.file as NSString?)?.lastPathComponent ?? "", default: []].append(
                "\(location?.line ?? 0):\(location?.column ?? 0): \(diagnostic.message)")
        }
        return byFile
    }

    @Test(arguments: [1, 2, 3])
    func editsReportWhatAWholeCompileReports(seed: UInt64) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
        let sources = root.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.schema.write(to: root.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        var random = SeededRandom(seed: seed)
        let count = 8
        var texts: [String: String] = [:]
        for index in 0..<count {
            // A clean start: every module parses and validates.
            let text =
                "import Relay\n\nlet document = graphql(\"\"\"\nfragment Mod\(index)_user on User { id }\n\"\"\")\n"
            let path = sources.appendingPathComponent("Mod\(index).swift").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            texts[path] = text
        }
        var configuration = CompilerConfiguration()
        configuration.schemaFiles = [root.appendingPathComponent("schema.graphql").path]
        configuration.sourceDirectories = [sources.path]
        let workspace = LanguageWorkspace(configuration: configuration)
        #expect(workspace.compile().diagnostics.isEmpty)

        for step in 0..<40 {
            let index = Int.random(in: 0..<count, using: &random)
            let path = sources.appendingPathComponent("Mod\(index).swift").path
            texts[path] = Self.module(index, &random)
            workspace.setText(texts[path], of: path)
            let compilation = workspace.compile()

            var whole = Pipeline(configuration: configuration)
            whole.inMemoryFiles = texts
            let expected = Self.summary(whole.run().diagnostics)
            let found = Self.summary(compilation.diagnostics.values.flatMap { $0 })
            if compilation.checkedEverything {
                #expect(found == expected, "step \(step), Mod\(index) edited")
            } else {
                // Stopped at a syntax error: that file's errors are the whole compile's.
                let name = "Mod\(index).swift"
                #expect(Set(found[name] ?? []).isSubset(of: expected[name] ?? []), "step \(step)")
                #expect(!(found[name] ?? []).isEmpty || found.values.contains { !$0.isEmpty }, "step \(step)")
            }
        }
    }

    /// A file the editor opens under the sources before it is saved (a new file) is checked;
    /// closed unsaved, it is gone again. One outside the sources is not checked.
    @Test func anUnsavedNewFileUnderTheSourcesIsChecked() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
        let sources = root.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.schema.write(to: root.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        var configuration = CompilerConfiguration()
        configuration.schemaFiles = [root.appendingPathComponent("schema.graphql").path]
        configuration.sourceDirectories = [sources.path]
        let workspace = LanguageWorkspace(configuration: configuration)
        #expect(workspace.swiftFileCount == 0)

        let typo = "let document = graphql(\"\"\"\nquery NewQuery { viewer { nmae } }\n\"\"\"\n)\n"
        let new = sources.appendingPathComponent("Feature/New.swift").path
        workspace.setText(typo, of: new)
        let diagnostics = workspace.compile().diagnostics
        #expect(
            diagnostics[new]?.map(\.message).first?.hasPrefix("Cannot query field \"nmae\" on type \"User\".") == true)
        #expect(workspace.swiftFileCount == 1)

        for outside in [
            root.appendingPathComponent("Other.swift").path, sources.appendingPathComponent(".hidden/A.swift").path,
        ] {
            workspace.setText(typo.replacingOccurrences(of: "NewQuery", with: "OtherQuery"), of: outside)
            #expect(workspace.compile().diagnostics[outside] == nil)
        }
        workspace.setText(nil, of: new)
        #expect(workspace.swiftFileCount == 0)
        #expect(workspace.compile().diagnostics.isEmpty)
    }
}

extension LanguageWorkspaceTests {
    /// The editor's schema has the fields the Swift files' `@RelayResolver` docblocks declare
    /// (for completion and hover), and loses one when its docblock goes.
    @Test func docblockResolversJoinTheEditorsSchemaAndLeaveIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
        let sources = root.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.schema.write(to: root.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let file = sources.appendingPathComponent("Label.swift").path
        let literal = "let document = graphql(\"\"\"\nfragment LabelResolver on User { name }\n\"\"\")\n"
        let docblock =
            "/// @RelayResolver User.label: String\n/// @rootFragment LabelResolver\nfunc label(_ user: LabelResolver.Data) -> String { \"\" }\n"
        try (literal + docblock).write(toFile: file, atomically: true, encoding: .utf8)
        var configuration = CompilerConfiguration()
        configuration.schemaFiles = [root.appendingPathComponent("schema.graphql").path]
        configuration.sourceDirectories = [sources.path]
        let workspace = LanguageWorkspace(configuration: configuration)
        workspace.compile()
        func hasLabel() -> Bool {
            guard let schema = workspace.schema, let user = schema["User"] else { return false }
            return schema.field("label", on: user) != nil
        }
        #expect(hasLabel())
        workspace.setText(literal, of: file)
        workspace.compile()
        #expect(workspace.schema != nil && !hasLabel())
    }
}
