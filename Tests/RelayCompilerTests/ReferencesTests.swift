import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// Find references and symbols in a language workspace of two Swift files: a fragment's
/// spreads across files, an operation, a variable within its definition only, a schema field's
/// selections (through an interface too), a type's conditions and variable types; the outline of
/// a file and the project's symbols by name.
final class ReferencesTests {
    static let schema = """
        type Query { viewer: User node(id: ID!): Node }
        interface Node { id: ID! }
        type User implements Node { id: ID! name: String friends(first: Int): [User] }
        input Filter { first: Int }
        """
    static let list = """
        // A file of the app.

        private let query = graphql(\"\"\"
            query ListQuery($count: Int, $other: Int) {
              viewer { name friends(first: $count) { ...Row_user } }
              node(id: "1") { id ... on User { name } }
            }
            \"\"\")
        """
    static let row = """
        // A file of the app.

        private let fragment = graphql(\"\"\"
            fragment Row_user on User @argumentDefinitions(count: {type: "Int"}) {
              name
              friends(first: $count) { id }
            }
            \"\"\")
        private let other = graphql(\"\"\"
            query RowQuery($count: Int) { viewer { ...Row_user @arguments(count: $count) } }
            \"\"\")
        """
    /// Swift naming the fragment's generated types, and text that only looks like it.
    static let view = """
        // Row_user_Key, in a comment
        struct RowView {
            let user: any Row_user_Key
            let note = "Row_user in a string, \\(Row_user.self) in its interpolation" + #"Row_user"#
            /* Row_user.Data */
            var data: Row_user.Data?
        }
        """

    let project: LanguageTestProject
    var workspace: LanguageWorkspace { project.workspace }
    var listPath: String { project.path("List.swift") }
    var rowPath: String { project.path("Row.swift") }
    var schemaPath: String { project.root.appendingPathComponent("schema.graphql").path }

    init() throws {
        project = try LanguageTestProject(
            schema: Self.schema, files: ["List.swift": Self.list, "Row.swift": Self.row, "RowView.swift": Self.view])
    }

    deinit {
        project.remove()
    }

    /// The byte offset of the second character of the `occurrence`th `text` in `file` (inside
    /// the name it starts with).
    func offset(of text: String, in file: String, occurrence: Int = 1) throws -> Int {
        try project.offset(of: text, in: file, occurrence: occurrence)
    }

    /// The references as "File:line:column".
    func references(of text: String, in file: String, occurrence: Int = 1, declaration: Bool = true) throws
        -> [String]
    {
        let at = try offset(of: text, in: file, occurrence: occurrence)
        return workspace.references(in: file, atByte: at, includeDeclaration: declaration).map {
            "\(($0.file as NSString).lastPathComponent):\($0.line):\($0.column)"
        }
    }

    @Test func aFragmentsSpreadsAcrossFiles() throws {
        // The Swift code naming its generated types too; not the comments and strings.
        let expected = [
            "List.swift:5:49", "Row.swift:4:14", "Row.swift:10:47", "RowView.swift:3:19", "RowView.swift:4:41",
            "RowView.swift:6:15",
        ]
        let found = try references(of: "Row_user }", in: listPath)
        #expect(found == expected, "\(found)")
        #expect(try references(of: "Row_user on", in: rowPath) == expected)
        #expect(
            try references(of: "Row_user on", in: rowPath, declaration: false) == [
                "List.swift:5:49", "Row.swift:10:47", "RowView.swift:3:19", "RowView.swift:4:41",
                "RowView.swift:6:15",
            ])
    }

    @Test func anOperationsDefinition() throws {
        #expect(try references(of: "ListQuery", in: listPath) == ["List.swift:4:11"])
    }

    @Test func aVariableWithinItsDefinitionOnly() throws {
        // `$count` of ListQuery: its declaration and its use, not RowQuery's or the fragment's.
        #expect(try references(of: "count: Int", in: listPath) == ["List.swift:4:21", "List.swift:5:36"])
        #expect(try references(of: "$count) {", in: listPath, declaration: false) == ["List.swift:5:36"])
        #expect(try references(of: "$count) }", in: rowPath) == ["Row.swift:10:20", "Row.swift:10:74"])
    }

    @Test func aFieldsSelectionsEverywhere() throws {
        // `User.name`: on User in both files, and through the inline fragment; and its
        // declaration in the schema.
        let found = try references(of: "name friends", in: listPath)
        #expect(found == ["List.swift:5:16", "List.swift:6:40", "Row.swift:5:7", "schema.graphql:3:37"])
        // `User.id` and `Node.id` reach each other: a selection on the interface is one of the
        // object's field, and the other way round.
        #expect(try references(of: "id }", in: rowPath, declaration: false) == ["List.swift:6:23", "Row.swift:6:32"])
        #expect(
            try references(of: "id ...", in: listPath, declaration: false) == ["List.swift:6:23", "Row.swift:6:32"])
        #expect(try references(of: "id: ID! }", in: schemaPath).isEmpty, "the schema is not GraphQL of the project")
    }

    @Test func aTypesConditionsAndVariables() throws {
        #expect(
            try references(of: "User {", in: listPath) == [
                "List.swift:6:33", "Row.swift:4:26", "schema.graphql:3:6",
            ])
    }

    @Test func theOutlineOfAFileAndTheProjectsSymbols() throws {
        let outline = workspace.symbols(in: rowPath).map { "\($0.name) \($0.detail) \($0.nameLocation.line)" }
        #expect(outline == ["Row_user fragment on User 4", "RowQuery query 10"])
        #expect(workspace.symbols(matching: "row").map(\.name) == ["RowQuery", "Row_user"])
        #expect(workspace.symbols(matching: "").map(\.name) == ["ListQuery", "RowQuery", "Row_user"])
        // Then the schema's types and fields, where the schema file defines them (schema search).
        let found = workspace.symbols(matching: "user")
        #expect(found.map(\.name) == ["Row_user", "User", "User.id", "User.name", "User.friends"])
        #expect(found[1].kind == .schemaType(.object) && found[1].nameLocation.file.hasSuffix("schema.graphql"))
        #expect(found[4].detail == "User.friends: [User]" && found[4].nameLocation.line == 3)
        #expect(workspace.symbols(matching: "user", schemaLimit: 2).map(\.name) == ["Row_user", "User", "User.id"])
    }

    @Test func printOperationGivesTheTextTheServerGets() throws {
        let printed = try #require(
            workspace.operationText(in: rowPath, atByte: try offset(of: "RowQuery", in: rowPath)))
        #expect(printed.name == "RowQuery")
        // The spread fragment is in the text with its argument applied (so named after the
        // arguments, as Relay does), and the store's `id` added.
        #expect(printed.text.contains("...Row_user_") && printed.text.contains("fragment Row_user_"))
        #expect(printed.text.contains("friends(first: $count)"))
        #expect(!printed.text.contains("@arguments") && !printed.text.contains("@argumentDefinitions"))
        #expect(printed.text.contains("  id\n"))
        #expect(workspace.operationText(in: rowPath, atByte: try offset(of: "A file", in: rowPath)) == nil)
    }

    @Test func inlayHintsGiveFragmentArgumentAndFieldTypes() throws {
        func hints(_ file: String, fieldTypes: Bool = true) -> [String] {
            workspace.inlayHints(in: file, lines: 1...20, fieldTypes: fieldTypes).map {
                "\($0.location.line):\($0.location.column)\($0.label)"
            }
        }
        // `@arguments(count: $count)` on line 10: the fragment declares `count` an `Int`.
        #expect(hints(rowPath, fieldTypes: false) == ["10:80: Int"])
        let all = hints(rowPath)
        #expect(all.contains("5:11: String") && all.contains("6:29: [User]") && all.contains("6:34: ID!"), "\(all)")
        #expect(all.contains("10:41: User"))
    }

    @Test func foldingRangesFoldNestedSelections() throws {
        let text = """
            // A file of the app.

            private let query = graphql(\"\"\"
                query FoldQuery {
                  viewer {
                    name
                    friends(first: 2) {
                      id
                    }
                    ... on User {
                      id
                    }
                  }
                }
                \"\"\")
            """
        let project = try LanguageTestProject(schema: Self.schema, files: ["Fold.swift": text])
        defer { project.remove() }
        // From each `{` to the last selection in it: the closing braces stay in sight.
        #expect(project.workspace.foldingRanges(in: project.path("Fold.swift")) == [5...12, 7...8, 10...11])
    }
}
