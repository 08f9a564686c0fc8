import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// Rename in a language workspace of two Swift files: a fragment or an operation across the
/// GraphQL and the Swift code naming its generated types — and the project compiles after the
/// edits —, a variable within its operation and the labels Swift passes it by, a fragment's
/// argument with its spreads' `@arguments`; refused with a message where the result would not
/// compile (a name taken, the file's naming rule, a fragment's variable that its operations
/// declare) or the thing is not renamed here.
final class RenameTests {
    static let schema = """
        type Query { viewer: User }
        type User { id: ID! name: String friends(first: Int): [User] }
        """
    static let list = """
        // A file of the app.

        private let query = graphql(\"\"\"
            query ListQuery($count: Int) {
              viewer { friends(first: $count) { ...Row_user @arguments(limit: 3) } }
            }
            \"\"\")

        let list = ListQuery(count: Array(repeating: 0, count: 5).count)
        let variables = ListQuery.Variables(
            count: 3)
        """
    static let row = """
        // A file of the app.

        private let fragment = graphql(\"\"\"
            fragment Row_user on User @argumentDefinitions(limit: {type: "Int", defaultValue: 2}) {
              name
              friends(first: $limit) { id }
              best: friends(first: $count) { id }
            }
            \"\"\")
        private let other = graphql(\"\"\"
            query RowQuery($count: Int) { viewer { friends(first: $count) { ...Row_user } } }
            \"\"\")

        struct RowView {
            let user: any Row_user_Key  // Row_user_Key, named in a comment too
            var data: Row_user.Data?
            var fragment_Row_userName = "not the generated property"
            /* Row_user, in a block comment */
            let label = "Row_user_Key in a string, \\(Row_user_Key.self) in its interpolation"
            let raw = #"Row_user in a raw string"#
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
        try project.offset(of: text, in: file)
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
        #expect(texts[listPath]?.contains("...Row_person @arguments(limit: 3) }") == true)
        let row = try #require(texts[rowPath])
        #expect(row.contains("fragment Row_person on User") && row.contains("{ ...Row_person } } }"))
        #expect(row.contains("let user: any Row_person_Key  // Row_user_Key, named in a comment too"))
        #expect(row.contains("var data: Row_person.Data?"))
        #expect(row.contains("var fragment_Row_userName"), "an identifier that only starts with the name is kept")
        #expect(row.contains("/* Row_user, in a block comment */"))
        #expect(row.contains("\"Row_user_Key in a string, \\(Row_person_Key.self) in its interpolation\""))
        #expect(row.contains("#\"Row_user in a raw string\"#"))
        #expect(row.components(separatedBy: "Row_user").count == 6, "only the comments and strings keep Row_user")
        #expect(problems(texts).isEmpty, "\(problems(texts))")
    }

    @Test func anOperationAndItsSwiftType() throws {
        let texts = applied(try rename("ListQuery(", in: listPath, to: "ListFriendsQuery").get())
        #expect(texts[listPath]?.contains("query ListFriendsQuery($count: Int)") == true)
        #expect(
            texts[listPath]?.contains("let list = ListFriendsQuery(count: Array(repeating: 0, count: 5).count)") == true
        )
        #expect(problems(texts).isEmpty, "\(problems(texts))")
    }

    @Test func aVariableWithinItsOperation() throws {
        let texts = applied(try rename("$count) { ...Row_user } } }", in: rowPath, to: "first").get())
        #expect(texts[rowPath]?.contains("query RowQuery($first: Int) { viewer { friends(first: $first)") == true)
        #expect(texts[rowPath]?.contains("best: friends(first: $count)") == true, "the fragment's is not renamed")
        #expect(texts[listPath] == Self.list, "ListQuery's $count is another variable")
        // The fragment uses $count, which ListQuery still declares, but RowQuery no longer does.
        #expect(problems(texts) == ["Variable \"$count\" is not defined by operation \"RowQuery\"."])
    }

    @Test func aVariableAndTheLabelsSwiftPassesItBy() throws {
        let edits = try rename("$count: Int) {", in: listPath, to: "limit").get()
        let texts = applied(edits)
        let list = try #require(texts[listPath])
        #expect(list.contains("query ListQuery($limit: Int) {\n      viewer { friends(first: $limit)"))
        #expect(
            list.contains("let list = ListQuery(limit: Array(repeating: 0, count: 5).count)"),
            "a nested call's label is not renamed")
        #expect(list.contains("let variables = ListQuery.Variables(\n    limit: 3)"))
        #expect(texts[rowPath] == Self.row, "RowQuery's $count is another variable")
        #expect(edits.count == 4)
    }

    @Test func aFragmentArgumentWithTheArgumentsOfItsSpreads() throws {
        // From its declaration, a use in the fragment, or a spread's `@arguments`: the same edits.
        let fromDeclaration = try rename("limit: {type", in: rowPath, to: "size").get()
        #expect(try rename("$limit) { id }", in: rowPath, to: "size").get() == fromDeclaration)
        #expect(try rename("limit: 3)", in: listPath, to: "size").get() == fromDeclaration)
        let texts = applied(fromDeclaration)
        let row = try #require(texts[rowPath])
        #expect(row.contains("@argumentDefinitions(size: {type: \"Int\", defaultValue: 2})"))
        #expect(row.contains("friends(first: $size) { id }") && row.contains("friends(first: $count) { id }"))
        #expect(texts[listPath]?.contains("...Row_user @arguments(size: 3) }") == true)
        #expect(problems(texts).isEmpty, "\(problems(texts))")
        let references = try workspace.references(in: listPath, atByte: offset(of: "limit: 3)", in: listPath))
        #expect(references.map(\.file) == [listPath, rowPath, rowPath])
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
            try refusal(rename("$count) { ...Row_user } } }", in: rowPath, to: "count"))
                == "the operation already has a variable $count")
        #expect(
            try refusal(rename("$count) { id }", in: rowPath, to: "size"))
                == "$count is not an argument of Row_user (it has no @argumentDefinitions for it): rename it on the "
                + "operations that declare it")
        #expect(try refusal(rename("name", in: rowPath, to: "title"))?.contains("renamed in the schema") == true)
        #expect(try workspace.renameLocation(in: rowPath, atByte: offset(of: "name", in: rowPath)) == nil)
        let location = try #require(
            workspace.renameLocation(in: rowPath, atByte: offset(of: "Row_user on", in: rowPath)))
        #expect((location.line, location.column, location.endColumn) == (4, 14, 22))
    }

    @Test func fragmentVariablesInTheSyntaxAreRefused() throws {
        let text = """
            // A file of the app.

            private let fragment = graphql(\"\"\"
                fragment Album_user($count: Int = 2) on User { friends(first: $count) { id } }
                \"\"\")
            """
        let project = try LanguageTestProject(schema: Self.schema, files: ["Album.swift": text]) {
            $0.allowsFragmentVariables = true
        }
        defer { project.remove() }
        let path = project.path("Album.swift")
        #expect(project.workspace.diagnostics.isEmpty, "\(project.workspace.diagnostics)")
        let result = project.workspace.rename(in: path, atByte: try project.offset(of: "$count)", in: path), to: "size")
        guard case .failure(let refusal) = result else {
            Issue.record("renamed: \(result)")
            return
        }
        #expect(refusal.message == "fragment variables in the syntax (`fragment F($x: …)`) are not renamed")
    }
}
