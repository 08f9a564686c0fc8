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
        // A file of the app.

        private let query = graphql(\"\"\"
            query MisspelledQuery { viewer { nme } }
            \"\"\")
        """,
        "Undeclared.swift": """
        // A file of the app.

        private let query = graphql(\"\"\"
            query UndeclaredQuery { viewer { friends(first: $count) { id } } }
            \"\"\")
        """,
        "Misnamed.swift": """
        // A file of the app.

        private let fragment = graphql(\"\"\"
            fragment Wrong_user on User { id }
            \"\"\")
        private let query = graphql(\"\"\"
            query MisnamedQuery { viewer { ...Wrong_user } }
            \"\"\")
        """,
    ]

    let project: LanguageTestProject
    var workspace: LanguageWorkspace { project.workspace }

    init() throws {
        project = try LanguageTestProject(schema: Self.schema, files: Self.files)
    }

    deinit {
        project.remove()
    }

    func path(_ name: String) -> String { project.path(name) }

    /// The fixes offered on line 4 of `name`, by title.
    func actions(_ name: String) -> [String: CodeAction] {
        Dictionary(workspace.codeActions(in: path(name), lines: 4...4).map { ($0.title, $0) }) { first, _ in first }
    }

    /// Applies `edits` to the workspace's texts and compiles; the diagnostics left, as messages.
    func applying(_ edits: [TextEdit]) -> [String] {
        for file in Set(edits.map(\.location.file)) {
            workspace.setText(project.applying(edits, to: file), of: file)
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

    @Test func anAliasedMisspelledFieldGetsNoRenameOfItsAlias() throws {
        let aliased = """
            // A file of the app.

            private let query = graphql(\"\"\"
                query AliasedQuery { viewer { shown: nme } }
                \"\"\")
            """
        let other = try LanguageTestProject(schema: Self.schema, files: ["Aliased.swift": aliased])
        defer { other.remove() }
        #expect(other.workspace.diagnostics.count == 1)
        #expect(other.workspace.codeActions(in: other.path("Aliased.swift"), lines: 4...4).isEmpty)
    }
}
