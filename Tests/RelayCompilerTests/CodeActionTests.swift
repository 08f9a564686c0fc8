import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// Quick fixes for the compiler's diagnostics in a language workspace: each one, applied, fixes
/// the diagnostic it was offered for — a misspelled field, an undefined variable (declared on the
/// operation or as the fragment's argument), a name against the file's naming rule, a spread
/// without the `@alias` Relay asks for, an unknown fragment (created) — and the project then
/// compiles without errors.
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

    @Test func fragmentFixes() throws {
        let schema = """
            type Query { viewer: User node(id: ID!): Node }
            interface Node { id: ID! }
            type User implements Node { id: ID! name: String friends(first: Int): [User] }
            """
        let files = [
            "Aliasing.swift": """
            // A file of the app.

            private let query = graphql(\"\"\"
                query AliasingQuery { node(id: "1") { ...Aliasing_user } }
                \"\"\")
            private let user = graphql(\"\"\"
                fragment Aliasing_user on User { name }
                \"\"\")
            """,
            "Argument.swift": """
            // A file of the app.

            private let fragment = graphql(\"\"\"
                fragment Argument_user on User { friends(first: $size) { id } }
                \"\"\")
            private let query = graphql(\"\"\"
                query ArgumentQuery { viewer { ...Argument_user } }
                \"\"\")
            """,
            "Spreading.swift": """
            // A file of the app.

            private let query = graphql(\"\"\"
                query SpreadingQuery { viewer { ...Spreading_user ...Avatar_user } }
                \"\"\")
            private let userFragment = "a name the new literal must not take"
            """,
        ]
        let project = try LanguageTestProject(schema: schema, files: files)
        defer { project.remove() }
        let workspace = project.workspace
        func actions(_ name: String) -> [String: CodeAction] {
            Dictionary(workspace.codeActions(in: project.path(name), lines: 4...4).map { ($0.title, $0) }) { $1 }
        }
        func applying(_ edits: [TextEdit]) -> [String] {
            for file in Set(edits.map(\.location.file)) {
                workspace.setText(project.applying(edits, to: file), of: file)
            }
            return workspace.compile().diagnostics.values.flatMap { $0 }.map(\.message)
        }
        // Aliasing.swift's problem is found by a transform, which runs once the project is valid.
        #expect(workspace.diagnostics.count == 2, "one problem in each other file: \(workspace.diagnostics)")

        let argumentActions = actions("Argument.swift")
        #expect(argumentActions["Declare $size: Int on ArgumentQuery"] != nil, "\(argumentActions.keys)")
        let argument = try #require(argumentActions["Add $size: Int to Argument_user's @argumentDefinitions"])
        var left = applying(argument.edits)
        #expect(!left.contains(argument.diagnostic.message))
        #expect(
            workspace.text(of: project.path("Argument.swift"))?.contains(
                #"fragment Argument_user on User @argumentDefinitions(size: {type: "Int"}) {"#) == true)

        let spreading = actions("Spreading.swift")
        #expect(
            spreading.keys.sorted() == [
                "Change to 'Aliasing_user'", "Create fragment Avatar_user on User in a new file Avatar.swift",
                "Create fragment Spreading_user on User in Spreading.swift",
            ])
        let here = try #require(spreading["Create fragment Spreading_user on User in Spreading.swift"])
        #expect(here.createdFiles.isEmpty)
        left = applying(here.edits)
        #expect(!left.contains(here.diagnostic.message))
        let spreadingText = try #require(workspace.text(of: project.path("Spreading.swift")))
        #expect(
            spreadingText.contains(
                "private let userFragment2 = graphql(\"\"\"\n    fragment Spreading_user on User {\n      id\n    }\n"))
        // Avatar_user cannot be defined in Spreading.swift (the naming rule): a new Avatar.swift.
        let elsewhere = try #require(
            actions("Spreading.swift")["Create fragment Avatar_user on User in a new file Avatar.swift"])
        #expect(elsewhere.createdFiles == [project.path("Avatar.swift")])
        left = applying(elsewhere.edits)
        #expect(!left.contains(elsewhere.diagnostic.message))
        #expect(
            workspace.text(of: project.path("Avatar.swift"))?.hasPrefix(
                "import Relay\n\nprivate let userFragment = graphql(") == true)

        let alias = try #require(actions("Aliasing.swift")["Add @alias"])
        left = applying(alias.edits)
        #expect(left.isEmpty, "\(left)")
        #expect(workspace.text(of: project.path("Aliasing.swift"))?.contains("{ ...Aliasing_user @alias } }") == true)
    }

    @Test func anAnonymousOperationIsNamedAfterItsFile() throws {
        let text = """
            // A file of the app.

            private let viewer = graphql("{ viewer { id } }")
            private let name = graphql("query { viewer { name } }")
            """
        let project = try LanguageTestProject(schema: Self.schema, files: ["Anonymous.swift": text])
        defer { project.remove() }
        let path = project.path("Anonymous.swift")
        func action(line: Int) throws -> CodeAction {
            try #require(project.workspace.codeActions(in: path, lines: line...line).first)
        }
        func applying(_ action: CodeAction) -> [String] {
            project.workspace.setText(project.applying(action.edits, to: path), of: path)
            return project.workspace.compile().diagnostics.values.flatMap { $0 }.map(\.message)
        }
        #expect(project.workspace.diagnostics[path]?.count == 2)
        let first = try action(line: 3)
        #expect(first.title == "Name it 'AnonymousQuery'")
        #expect(applying(first).count == 1, "the other literal's is left")
        // The name is taken now: the next one is numbered.
        let second = try action(line: 4)
        #expect(second.title == "Name it 'Anonymous2Query'")
        #expect(applying(second).isEmpty)
        let fixed = project.workspace.text(of: path) ?? ""
        #expect(fixed.contains(#"graphql("query AnonymousQuery { viewer { id } }")"#))
        #expect(fixed.contains(#"graphql("query Anonymous2Query { viewer { name } }")"#))
    }
}
