import Foundation
import GraphQLParser
import Testing

@testable import RelayCompiler

/// relay.json's `documents`: `.graphql` files whose operations and fragments join the Swift
/// literals — listed (schema files and excluded paths left out), compiled with artifacts beside
/// them, their problems reported in the file itself, and seen by the language service
/// (references, rename, diagnostics of unsaved text).
final class GraphQLDocumentsTests {
    static let schema = """
        type Query { viewer: User }
        type User { id: ID! name: String friends(first: Int): [User] }
        """
    static let shared = """
        # Fragments the app's views share.
        fragment Shared_user on User {
          id
          name
        }
        """
    static let profile = """
        // A file of the app.

        private let query = graphql(\"\"\"
            query ProfileQuery { viewer { ...Shared_user friends(first: 2) { ...Shared_user } } }
            \"\"\")

        let user: (any Shared_user_Key)? = nil
        """

    let root: String
    let manager = FileManager.default

    init() throws {
        root = manager.temporaryDirectory.appendingPathComponent("documents-\(UUID().uuidString)").path
        for folder in ["Sources", "GraphQL/Drafts", "GraphQL/Old"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try write(Self.schema, to: "GraphQL/schema.graphql")
        try write(Self.shared, to: "GraphQL/Shared.graphql")
        try write("# Nothing yet.\n", to: "GraphQL/Drafts/Drafts.graphql")
        try write("fragment Old_user on User { nope }", to: "GraphQL/Old/Old.graphql")
        try write(Self.profile, to: "Sources/Profile.swift")
        try write(
            #"{"src": "Sources", "schema": "GraphQL/schema.graphql", "documents": ["GraphQL"], "excludes": ["/Old/"]}"#,
            to: "relay.json")
    }

    deinit {
        try? manager.removeItem(atPath: root)
    }

    func write(_ text: String, to path: String) throws {
        try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
    }

    func configuration() throws -> CompilerConfiguration {
        try CompilerConfiguration.load(path: root + "/relay.json").get()
    }

    @Test func documentsAreListedWithTheSwiftFiles() throws {
        let configuration = try configuration()
        #expect(configuration.documentPaths == [root + "/GraphQL"])
        // The schema inside the documents' folder is not a document; an excluded folder is left out.
        #expect(
            configuration.sourceListing.files == [
                root + "/GraphQL/Drafts/Drafts.graphql", root + "/GraphQL/Shared.graphql",
                root + "/Sources/Profile.swift",
            ])
        #expect(configuration.includesSource(root + "/GraphQL/New.graphql"))
        #expect(!configuration.includesSource(root + "/GraphQL/schema.graphql"))
        #expect(!configuration.includesSource(root + "/Sources/New.graphql"), "not a documents folder")
        let missing = SourceDiscovery.list([], documents: [root + "/Elsewhere.graphql", root + "/relay.json"])
        #expect(
            missing.problems.map(\.message) == [
                "source '\(root)/Elsewhere.graphql' does not exist",
                "source '\(root)/relay.json' is not a folder or a GraphQL file",
            ])
    }

    @Test func aLiteralSpreadsAFragmentOfADocumentWhichGetsItsArtifact() throws {
        let result = Pipeline(configuration: try configuration()).run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(
            result.artifacts.map(\.path).sorted() == [
                root + "/GraphQL/__generated__/Shared_user.graphql.swift",
                root + "/Sources/__generated__/ProfileQuery.graphql.swift",
            ])
        let query = try #require(result.artifacts.first { $0.path.hasSuffix("ProfileQuery.graphql.swift") })
        #expect(query.contents.contains("fragment Shared_user on User"), "the document's fragment is in the text")
    }

    /// The build plugin's layout: one generated file per source file, a document's too; two
    /// sources that would get the same one are an error, not one file replacing the other.
    @Test func theBuildPluginsLayoutHasAFilePerDocument() throws {
        var configuration = try configuration()
        configuration.outputPerSourceFile = true
        configuration.artifactDirectory = root + "/Generated"
        var pipeline = Pipeline(configuration: configuration)
        pipeline.configuration.outputPerSourceFile = true
        pipeline.swiftFiles = [root + "/GraphQL/Shared.graphql", root + "/Sources/Profile.swift"]
        let result = pipeline.run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let shared = try #require(result.artifacts.first { $0.path == root + "/Generated/Shared.graphql.swift" })
        #expect(shared.contents.contains("struct Shared_user"))

        try write("private let query = graphql(\"query SharedQuery { viewer { id } }\")\n", to: "Sources/Shared.swift")
        pipeline.swiftFiles = [
            root + "/GraphQL/Shared.graphql", root + "/Sources/Profile.swift", root + "/Sources/Shared.swift",
        ]
        #expect(
            pipeline.run().diagnostics.map(\.message) == [
                "'\(root)/GraphQL/Shared.graphql' and this file would both be generated as Shared.graphql.swift (one "
                    + "generated file per source file, the build plugin's layout); rename one of them"
            ])
    }

    @Test func aDocumentsProblemIsReportedInIt() throws {
        try write(Self.shared.replacingOccurrences(of: "  name\n", with: "  nme\n"), to: "GraphQL/Shared.graphql")
        let result = Pipeline(configuration: try configuration()).run()
        let problem = try #require(result.diagnostics.first)
        #expect(problem.location?.file == root + "/GraphQL/Shared.graphql")
        #expect((problem.location?.line, problem.location?.column) == (4, 3))
        #expect(problem.message.hasPrefix("Cannot query field \"nme\" on type \"User\"."))
    }

    @Test func theLanguageServiceSeesDocumentsAsSources() throws {
        let workspace = LanguageWorkspace(configuration: try configuration())
        workspace.compile()
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics)")
        let sharedPath = root + "/GraphQL/Shared.graphql"
        let profilePath = root + "/Sources/Profile.swift"
        let definition = try #require(Self.shared.utf8.firstRange(of: "Shared_user".utf8)).lowerBound
        let offset = Self.shared.utf8.distance(from: Self.shared.utf8.startIndex, to: definition) + 1
        let references = workspace.references(in: sharedPath, atByte: offset)
        // The spreads, and the Swift naming the fragment's key.
        #expect(references.map(\.file) == [sharedPath, profilePath, profilePath, profilePath])

        // Renamed in the document, at the spreads and in the Swift naming its key, each once.
        let edits = try workspace.rename(in: sharedPath, atByte: offset, to: "Shared_person").get()
        #expect(edits.filter { $0.location.file == sharedPath }.count == 1)
        #expect(edits.filter { $0.location.file == profilePath }.count == 3)
        // A document's fragments follow its file's naming rule.
        guard case .failure(let refusal) = workspace.rename(in: sharedPath, atByte: offset, to: "Other_user") else {
            Issue.record("a rename against the naming rule was not refused")
            return
        }
        #expect(refusal.message == "fragments in Shared.graphql must start with 'Shared'")

        // Unsaved text of the document is compiled: a typo is reported at once, in it.
        workspace.setText(Self.shared.replacingOccurrences(of: "  name\n", with: "  nme\n"), of: sharedPath)
        workspace.compile()
        #expect(workspace.diagnostics[sharedPath]?.map(\.location?.line) == [4])
        workspace.setText(nil, of: sharedPath)
        workspace.compile()
        #expect(workspace.diagnostics.isEmpty)
    }

    @Test func aMissingFragmentSpreadInADocumentIsCreatedAsGraphQL() throws {
        let workspace = LanguageWorkspace(configuration: try configuration())
        let sharedPath = root + "/GraphQL/Shared.graphql"
        let spreading = Self.shared.replacingOccurrences(
            of: "  name\n", with: "  name\n  ...Shared_avatar\n  ...Other_user\n")
        workspace.setText(spreading, of: sharedPath)
        workspace.compile()
        func actions(line: Int) -> [String: CodeAction] {
            Dictionary(workspace.codeActions(in: sharedPath, lines: line...line).map { ($0.title, $0) }) { $1 }
        }
        func applying(_ action: CodeAction) -> [String] {
            for file in Set(action.edits.map(\.location.file)) {
                let text = workspace.text(of: file) ?? ""
                var bytes = Array(text.utf8)
                for edit in action.edits where edit.location.file == file {
                    // Each edit here inserts at the end of the file, or makes a new one.
                    #expect(
                        edit.location.line == edit.location.endLine && edit.location.column == edit.location.endColumn)
                    bytes += Array(edit.newText.utf8)
                }
                workspace.setText(String(decoding: bytes, as: UTF8.self), of: file)
            }
            return workspace.compile().diagnostics.values.flatMap { $0 }.map(\.message)
        }
        let here = try #require(actions(line: 5)["Create fragment Shared_avatar on User in Shared.graphql"])
        _ = applying(here)
        #expect(workspace.text(of: sharedPath)?.hasSuffix("}\n\nfragment Shared_avatar on User {\n  id\n}\n") == true)
        let elsewhere = try #require(actions(line: 6)["Create fragment Other_user on User in a new file Other.graphql"])
        #expect(elsewhere.createdFiles == [root + "/GraphQL/Other.graphql"])
        #expect(applying(elsewhere) == [])
        #expect(workspace.text(of: root + "/GraphQL/Other.graphql") == "fragment Other_user on User {\n  id\n}\n")
    }
}
