import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// Rename in a language workspace of two Swift files: a fragment or an operation across the
/// GraphQL and the Swift code naming its generated types — and the project compiles after the
/// edits —, a variable within its operation; refused with a message where the result would not
/// compile (a name taken, the file's naming rule, Swift code passing the variable by name) or
/// the thing is not renamed here.
final class RenameTests {
    static let schema = """
        type Query { viewer: User }
        type User { id: ID! name: String friends(first: Int): [User] }
        """
    static let list = """
        // A file of the app.

        private let query = graphql(\"\"\"
            query ListQuery($count: Int) {
              viewer { friends(first: $count) { ...Row_user } }
            }
            \"\"\")

        let list = ListQuery(count: 5)
        """
    static let row = """
        // A file of the app.

        private let fragment = graphql(\"\"\"
            fragment Row_user on User {
              name
            }
            \"\"\")
        private let other = graphql(\"\"\"
            query RowQuery($count: Int) { viewer { friends(first: $count) { ...Row_user } } }
            \"\"\")

        struct RowView {
            let user: any Row_user_Key  // Row_user_Key, named in a comment too
            var data: Row_user.Data?
            var fragment_Row_userName = "not the generated property"
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

    func offset(of text: String, in file: String) throws -> Int {
        let contents = workspace.text(of: file) ?? ""
        let range = try #require(contents.range(of: text))
        return contents.utf8.distance(from: contents.startIndex, to: range.lowerBound) + 1
    }

    func rename(_ text: String, in file: String, to name: String) throws -> Result<[TextEdit], RenameRefusal> {
        workspace.rename(in: file, atByte: try offset(of: text, in: file), to: name)
    }

    /// The files' texts with the edits applied.
    func applied(_ edits: [TextEdit]) -> [String: String] {
        [listPath: project.applying(edits, to: listPath), rowPath: project.applying(edits, to: rowPath)]
    }

    /// The GraphQL diagnostics of a compile of `texts`.
    func problems(_ texts: [String: String]) -> [String] {
        var pipeline = Pipeline(configuration: project.configuration)
        pipeline.inMemoryFiles = texts
        return pipeline.run().diagnostics.map(\.message)
    }

    @Test func aFragmentAcrossFilesAndTheSwiftNamingItsTypes() throws {
        let edits = try rename("Row_user on", in: rowPath, to: "Row_person").get()
        let texts = applied(edits)
        #expect(texts[listPath]?.contains("...Row_person }") == true)
        let row = try #require(texts[rowPath])
        #expect(row.contains("fragment Row_person on User") && row.contains("{ ...Row_person } } }"))
        #expect(row.contains("let user: any Row_person_Key  // Row_person_Key, named in a comment too"))
        #expect(row.contains("var data: Row_person.Data?"))
        #expect(row.contains("var fragment_Row_userName"), "an identifier that only starts with the name is kept")
        #expect(row.components(separatedBy: "Row_user").count == 2, "no other Row_user is left")
        #expect(problems(texts).isEmpty, "\(problems(texts))")
    }

    @Test func anOperationAndItsSwiftType() throws {
        let texts = applied(try rename("ListQuery(", in: listPath, to: "ListFriendsQuery").get())
        #expect(texts[listPath]?.contains("query ListFriendsQuery($count: Int)") == true)
        #expect(texts[listPath]?.contains("let list = ListFriendsQuery(count: 5)") == true)
        #expect(problems(texts).isEmpty, "\(problems(texts))")
    }

    @Test func aVariableWithinItsOperation() throws {
        let texts = applied(try rename("$count) {", in: rowPath, to: "limit").get())
        #expect(texts[rowPath]?.contains("query RowQuery($limit: Int) { viewer { friends(first: $limit)") == true)
        #expect(texts[listPath] == Self.list, "ListQuery's $count is another variable")
        #expect(problems(texts).isEmpty, "\(problems(texts))")
    }

    @Test func refusedWhereTheResultWouldNotCompile() throws {
        func refusal(_ result: Result<[TextEdit], RenameRefusal>) -> String? {
            if case .failure(let refusal) = result { return refusal.message }
            return nil
        }
        #expect(
            try refusal(rename("Row_user on", in: rowPath, to: "RowQuery"))
                == "there is already an operation or fragment named RowQuery")
        #expect(
            try refusal(rename("Row_user on", in: rowPath, to: "Other_user"))
                == "fragments in Row.swift must start with 'Row'")
        #expect(
            try refusal(rename("ListQuery(", in: listPath, to: "ListFriends"))
                == "operations in List.swift must start with 'List' and end with 'Query'")
        #expect(try refusal(rename("Row_user on", in: rowPath, to: "1st")) == "'1st' is not a GraphQL name")
        #expect(
            try refusal(rename("$count) {", in: rowPath, to: "count")) == "the operation already has a variable $count")
        #expect(
            try refusal(rename("$count) {", in: listPath, to: "limit"))
                == "List.swift uses ListQuery, whose initializer takes $count by name; renaming it there is not done yet"
        )
        #expect(try refusal(rename("name", in: rowPath, to: "title"))?.contains("renamed in the schema") == true)
        #expect(try workspace.renameLocation(in: rowPath, atByte: offset(of: "name", in: rowPath)) == nil)
        let location = try #require(
            workspace.renameLocation(in: rowPath, atByte: offset(of: "Row_user on", in: rowPath)))
        #expect((location.line, location.column, location.endColumn) == (4, 14, 22))
    }
}
