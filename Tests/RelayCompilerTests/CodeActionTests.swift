import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// Quick fixes for the compiler's diagnostics in a language workspace: each one, applied, fixes
/// the diagnostic it was offered for — a misspelled field, an undefined variable, a name against
/// the file's naming rule — and the project then compiles without errors.
final class CodeActionTests {
    static let schema = """
        type Query { viewer: User }
        type User { id: ID! name: String friends(first: Int): [User] }
        """
    static let files = [
        "Misspelled.swift": """
        import Relay

        private let query = graphql(\"\"\"
            query MisspelledQuery { viewer { nme } }
            \"\"\")
        """,
        "Undeclared.swift": """
        import Relay

        private let query = graphql(\"\"\"
            query UndeclaredQuery { viewer { friends(first: $count) { id } } }
            \"\"\")
        """,
        "Misnamed.swift": """
        import Relay

        private let fragment = graphql(\"\"\"
            fragment Wrong_user on User { id }
            \"\"\")
        private let query = graphql(\"\"\"
            query MisnamedQuery { viewer { ...Wrong_user } }
            \"\"\")
        """,
    ]

    let root: URL
    let configuration: CompilerConfiguration
    let workspace: LanguageWorkspace

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("code-actions-\(UUID().uuidString)")
        let sources = root.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Self.schema.write(to: root.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        for (name, text) in Self.files {
            try text.write(to: sources.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        var configuration = CompilerConfiguration()
        configuration.schemaFiles = [root.appendingPathComponent("schema.graphql").path]
        configuration.sourceDirectories = [sources.path]
        self.configuration = configuration
        workspace = LanguageWorkspace(configuration: configuration)
        workspace.compile()
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func path(_ name: String) -> String { root.appendingPathComponent("Sources/\(name)").path }

    /// The fixes offered on line 4 of `name`, by title.
    func actions(_ name: String) -> [String: CodeAction] {
        Dictionary(workspace.codeActions(in: path(name), lines: 4...4).map { ($0.title, $0) }) { first, _ in first }
    }

    /// Applies `edits` to the workspace's texts and compiles; the diagnostics left, as messages.
    func applying(_ edits: [TextEdit]) -> [String] {
        for file in Set(edits.map(\.location.file)) {
            var bytes = Array((workspace.text(of: file) ?? "").utf8)
            let lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
            for edit in edits.filter({ $0.location.file == file }).sorted(by: { $0.location > $1.location }) {
                let start = lineStarts[edit.location.line - 1] + edit.location.column - 1
                let end = lineStarts[edit.location.endLine - 1] + edit.location.endColumn - 1
                bytes.replaceSubrange(start..<end, with: Array(edit.newText.utf8))
            }
            workspace.setText(String(decoding: bytes, as: UTF8.self), of: file)
        }
        return workspace.compile().diagnostics.values.flatMap { $0 }.map(\.message)
    }

    @Test func eachFixAppliedFixesItsDiagnostic() throws {
        #expect(workspace.diagnostics.count == 3, "one problem a file: \(workspace.diagnostics)")

        let misspelled = try #require(actions("Misspelled.swift")["Change to 'name'"])
        var left = applying(misspelled.edits)
        #expect(!left.contains(misspelled.diagnostic.message))
        #expect(workspace.text(of: path("Misspelled.swift"))?.contains("viewer { name }") == true)

        let undeclared = try #require(actions("Undeclared.swift")["Declare $count: Int on UndeclaredQuery"])
        left = applying(undeclared.edits)
        #expect(!left.contains(undeclared.diagnostic.message))
        #expect(workspace.text(of: path("Undeclared.swift"))?.contains("query UndeclaredQuery($count: Int) {") == true)

        let misnamed = try #require(actions("Misnamed.swift")["Rename to 'Misnamed_user'"])
        left = applying(misnamed.edits)
        #expect(left.isEmpty, "\(left)")
        #expect(workspace.text(of: path("Misnamed.swift"))?.contains("{ ...Misnamed_user }") == true)
    }

    @Test func noFixWhereThereIsNoDiagnostic() {
        #expect(workspace.codeActions(in: path("Misspelled.swift"), lines: 1...2).isEmpty)
    }
}
