import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// `@RelayResolver` docblocks in Swift doc comments: what is read from them, the schema extension
/// they make (on the docblock's line, so the schema's errors point into the Swift file), and the
/// mistakes they are checked for.
struct ResolverDocblockTests {
    @Test func aBlockCommentDeclaresAFieldOnTheFunctionBelowIt() throws {
        let text = """
            // A Swift file.

            /**
             * @RelayResolver User.greeting(salutation: String!): String
             * @rootFragment UserGreetingResolver
             *
             * A greeting.
             */
            @MainActor
            public func greeting(_ user: UserGreetingResolver.Data, salutation: String) -> String { "" }
            """
        let (docblocks, diagnostics) = ResolverDocblocks.extract(from: text, file: "Greeting.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let docblock = try #require(docblocks.first)
        #expect(docblock.typeName == "User" && docblock.fieldDefinition == "greeting(salutation: String!): String")
        #expect(docblock.rootFragment == "UserGreetingResolver" && docblock.functionName == "greeting")
        #expect(docblock.description == "A greeting." && !docblock.isLive)
        #expect(docblock.location.line == 4 && docblock.location.column == 4)
    }

    @Test func lineCommentsToo() {
        let text = """
            /// The user's age.
            /// @RelayResolver User.age: Int
            /// @rootFragment UserAgeResolver
            func age(_ user: UserAgeResolver.Data) -> Int? { nil }
            """
        let (docblocks, diagnostics) = ResolverDocblocks.extract(from: text, file: "Age.swift")
        #expect(diagnostics.isEmpty && docblocks.map(\.functionName) == ["age"], "\(diagnostics)")
        #expect(docblocks.first?.description == "The user's age.")
    }

    @Test func theSchemaExtensionStandsOnTheDocblocksLine() throws {
        let text = "\n\n/// @RelayResolver User.label: String\nfunc label() -> String { \"\" }\n"
        let (docblocks, _) = ResolverDocblocks.extract(from: text, file: "Label.swift")
        let source = try #require(ResolverDocblocks.schemaExtension(docblocks, file: "Label.swift"))
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 3 && lines[2].hasPrefix("extend type User { label: String @relay_resolver("))
        #expect(source.text.contains(#"import_name: "label""#))
    }

    @Test func mistakesAreReportedAtTheTag() {
        func problems(_ text: String) -> [String] {
            ResolverDocblocks.extract(from: text, file: "F.swift").diagnostics.map(\.description)
        }
        #expect(
            problems("/// @RelayResolver User\nfunc User() {}").first?.contains(
                "F.swift:1:5: error: Relay Resolver model types")
                == true)
        #expect(
            problems("/// @RelayResolver User.x: Int\nlet x = 1").first?.contains("must be on the Swift function")
                == true)
        #expect(
            problems("/// @RelayResolver User.x: Int\n/// @weak\nfunc x() -> Int { 1 }").first?.contains("@weak")
                == true)
        #expect(problems("// @RelayResolver User.x: Int\nfunc x() -> Int { 1 }").isEmpty, "not a doc comment")
    }
}
