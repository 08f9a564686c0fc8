import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// The Swift side of the GraphQL in a language workspace: go to definition and hover on names
/// in Swift code, outside the literals, that stand for generated code — an operation's or a
/// fragment's type and key, nested `Data` types, and `Data` properties read from a value whose
/// type the file writes or inside an `extension` of a `Data` type — land on, and show, the
/// GraphQL that defines them.
final class SwiftSideTests {
    static let schema = """
        type Query { viewer: User }
        type User { id: ID! name: String friends(first: Int): [User] }
        """
    static let row = """
        // A file of the app.

        private let fragment = graphql(\"\"\"
            fragment Row_user on User {
              id
              displayName: name
            }
            \"\"\")

        extension Row_user.Data {
            var brace: String { "} closes nothing" + #"}"# }  // nor does this }
            var title: String { displayName ?? id }
        }

        let displayName = "a name outside the extension"
        """
    static let list = """
        // A file of the app.

        private let query = graphql(\"\"\"
            query ListQuery($count: Int) {
              viewer { friends(first: $count) { ...Row_user } }
            }
            \"\"\")

        func friends(of data: ListQuery.Data) -> [ListQuery.Data.User_viewer.User_friends] {
            data.viewer?
                .friends ?? []
        }

        struct RowView {
            let user: any Row_user_Key
            let title: String

            func read(in environment: Environment) -> Row_user.Data? {
                environment.lookup(Row_user(key: user)).data
            }

            func names(in environment: Environment) async throws -> String? {
                let data = try await environment.fetchQuery(ListQuery(count: 2))
                guard let row = environment.lookup(Row_user(key: user)).data else { return nil }
                return data.viewer?.friends?.first?.map(\\.fragment_Row_user) != nil ? row.displayName : nil
            }
        }
        """

    let project: LanguageTestProject
    var workspace: LanguageWorkspace { project.workspace }
    var listPath: String { project.path("List.swift") }
    var rowPath: String { project.path("Row.swift") }

    init() throws {
        project = try LanguageTestProject(schema: Self.schema, files: ["List.swift": Self.list, "Row.swift": Self.row])
    }

    deinit {
        project.remove()
    }

    func offset(of text: String, in file: String, occurrence: Int = 1, plus: Int = 1) throws -> Int {
        try project.offset(of: text, in: file, occurrence: occurrence, plus: plus)
    }

    func definition(of text: String, in file: String, occurrence: Int = 1, plus: Int = 1) throws -> GraphQLParser
        .SourceLocation?
    {
        workspace.definition(in: file, atByte: try offset(of: text, in: file, occurrence: occurrence, plus: plus))
    }

    @Test func generatedTypesLeadToTheirDefinitions() throws {
        let query = try #require(try definition(of: "ListQuery.Data)", in: listPath))
        #expect((query.file, query.line, query.column) == (listPath, 4, 11))
        let key = try #require(try definition(of: "Row_user_Key", in: listPath))
        #expect((key.file, key.line, key.column) == (rowPath, 4, 14))
        // A nested type of `Data`: the field whose selections it holds.
        let friends = try #require(try definition(of: "User_friends]", in: listPath))
        #expect((friends.file, friends.line, friends.column) == (listPath, 5, 16))
        let viewer = try #require(try definition(of: "User_viewer", in: listPath))
        #expect((viewer.line, viewer.column) == (5, 7))
    }

    @Test func dataPropertiesLeadToTheirSelections() throws {
        // From a value whose type the file writes, across lines and optional chaining.
        let friends = try #require(try definition(of: ".friends ??", in: listPath, plus: 2))
        #expect((friends.file, friends.line, friends.column) == (listPath, 5, 16))
        // Inside an extension of a fragment's `Data`: an alias, a field.
        let alias = try #require(try definition(of: "displayName ??", in: rowPath))
        #expect((alias.file, alias.line, alias.column) == (rowPath, 6, 7))
        let id = try #require(try definition(of: "?? id", in: rowPath, plus: 4))
        #expect((id.line, id.column) == (5, 7))
    }

    @Test func hoverShowsTheGraphQL() throws {
        let hover = try #require(workspace.hover(in: listPath, atByte: try offset(of: "Row_user_Key", in: listPath)))
        #expect(hover.markdown.hasPrefix("`fragment Row_user on User` (Row.swift:4)"))
        #expect(hover.markdown.contains("```graphql\nfragment Row_user on User {\n  id\n  displayName: name\n}\n```"))
        #expect((hover.location.line, hover.location.column, hover.location.endColumn) == (15, 19, 31))
        let field = try #require(workspace.hover(in: rowPath, atByte: try offset(of: "displayName ??", in: rowPath)))
        #expect(field.markdown.hasPrefix("`User.name: String` (Row.swift:6)"))
        #expect(field.markdown.contains("```graphql\ndisplayName: name\n```"))
    }

    @Test func theKeyAFragmentIsReadWithShowsTheFragment() throws {
        let offset = try offset(of: "key: user", in: listPath, plus: 6)
        let hover = try #require(workspace.hover(in: listPath, atByte: offset))
        #expect(hover.markdown.hasPrefix("`fragment Row_user on User` (Row.swift:4)"))
        #expect((hover.location.line, hover.location.column) == (19, 42))
        let definition = try #require(workspace.definition(in: listPath, atByte: offset))
        #expect((definition.file, definition.line, definition.column) == (rowPath, 4, 14))
    }

    @Test func valuesMadeFromAnOperationOrFragmentReadItsData() throws {
        let viewer = try #require(try definition(of: "data.viewer?.friends", in: listPath, plus: 5))
        #expect((viewer.file, viewer.line, viewer.column) == (listPath, 5, 7))
        let friends = try #require(try definition(of: "viewer?.friends?", in: listPath, plus: 8))
        #expect((friends.line, friends.column) == (5, 16))
        let name = try #require(try definition(of: "row.displayName", in: listPath, plus: 4))
        #expect((name.file, name.line, name.column) == (rowPath, 6, 7))
    }

    @Test func bracesInStringsAndCommentsCloseNothing() throws {
        // The extension's `{` is closed by the last `}`, not by those in strings and comments.
        let alias = try #require(try definition(of: "displayName ??", in: rowPath))
        #expect((alias.file, alias.line, alias.column) == (rowPath, 6, 7))
        #expect(try definition(of: "displayName = ", in: rowPath) == nil, "outside the extension")
        #expect(try definition(of: "closes nothing", in: rowPath) == nil, "in a string")
        #expect(try definition(of: "nor does", in: rowPath) == nil, "in a comment")
    }

    @Test func otherSwiftHasNoAnswer() throws {
        #expect(try definition(of: "String", in: listPath) == nil)
        #expect(try definition(of: "title: String", in: listPath) == nil, "a property of a Swift type of the app")
        #expect(try definition(of: "data: ListQuery", in: listPath) == nil, "a value, not a generated name")
        #expect(try workspace.hover(in: listPath, atByte: offset(of: "func friends", in: listPath)) == nil)
    }
}
