import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// "Print operation" gives what the command line's compile sends for an operation: one that
/// reaches a Relay Resolver (its root fragment is fetched, the client field is not sent), one
/// with `@defer`, and one in a `.graphql` file the editor has open.
final class PrintOperationTests {
    static let schema = """
        type Query { viewer: User }
        type Mutation { rename(name: String): User }
        type User { id: ID! name: String }
        """
    static let resolver = """
        /**
         * @RelayResolver User.greeting: String
         * @rootFragment UserGreetingResolver
         */
        func greeting(_ user: UserGreetingResolver.Data) -> String { "Hello" }

        private let fragment = graphql(\"\"\"
            fragment UserGreetingResolver on User { name }
            \"\"\")
        """
    static let profile = """
        private let query = graphql(\"\"\"
            query ProfileQuery { viewer { greeting } }
            \"\"\")
        private let deferred = graphql(\"\"\"
            query ProfileDeferredQuery { viewer { id ...Profile_user @defer } }
            \"\"\")
        private let fragment = graphql(\"\"\"
            fragment Profile_user on User { name }
            \"\"\")
        // A file elsewhere in the project with an error does not stop printing.
        """
    static let broken = """
        private let query = graphql(\"\"\"
            query BrokenQuery { viewer { nope } }
            \"\"\")
        """

    let project: LanguageTestProject
    var workspace: LanguageWorkspace { project.workspace }

    init() throws {
        project = try LanguageTestProject(
            schema: Self.schema,
            files: [
                "UserGreetingResolver.swift": Self.resolver, "Profile.swift": Self.profile, "Broken.swift": Self.broken,
            ])
    }

    deinit {
        project.remove()
    }

    func printed(_ name: String, in file: String) throws -> String? {
        workspace.operationText(in: file, atByte: try project.offset(of: name, in: file))?.text
    }

    @Test func anOperationReachingARelayResolver() throws {
        let text = try #require(try printed("ProfileQuery", in: project.path("Profile.swift")))
        #expect(text.contains("query ProfileQuery"))
        #expect(text.contains("name"), "the resolver's root fragment is fetched: \(text)")
        #expect(!text.contains("greeting"), "a client field is not sent: \(text)")
    }

    @Test func anOperationWithDefer() throws {
        let text = try #require(try printed("ProfileDeferredQuery", in: project.path("Profile.swift")))
        #expect(text.contains(#"...Profile_user @defer(label: "ProfileDeferredQuery$defer$Profile_user")"#), "\(text)")
        #expect(text.contains("fragment Profile_user on User"))
    }

    @Test func anOperationOfAnOpenGraphQLFile() throws {
        let file = project.root.appendingPathComponent("Queries/Extra.graphql").path
        let text = "query ExtraQuery { viewer { greeting ...Profile_user } }\n"
        workspace.setText(text, of: file)
        workspace.compile()
        #expect(workspace.diagnostics[file] == nil, "\(workspace.diagnostics)")
        let printed = try #require(workspace.operationText(in: file, atByte: 8)?.text)
        #expect(printed.contains("query ExtraQuery") && printed.contains("fragment Profile_user on User"))
        // The same compile as the Swift literals': its problems are the transforms' too (once
        // the project validates: a transform's problem follows validation's).
        workspace.setText(Self.broken.replacingOccurrences(of: "nope", with: "id"), of: project.path("Broken.swift"))
        workspace.setText("mutation ExtraMutation { rename { name @required(action: THROW) } }\n", of: file)
        workspace.compile()
        #expect(
            workspace.diagnostics[file]?.first?.message.contains("in mutation response") == true,
            "\(workspace.diagnostics.values.flatMap { $0 }.map(\.description))")
    }
}
