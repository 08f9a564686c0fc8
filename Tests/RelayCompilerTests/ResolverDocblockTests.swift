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

    @Test func onlyDocCommentsDeclare() {
        // The Swift file's index tells doc comments from ordinary ones and from strings.
        let text = #"""
            // @RelayResolver User.plain: Int
            func plain() -> Int { 0 }
            let text = """
                /// @RelayResolver User.inString: Int
                """
            /* /// @RelayResolver User.nested: Int */
            func nested() -> Int { 0 }
            /// @RelayResolver User.real: Int
            // an ordinary comment between
            @available(*, deprecated)
            public static func real() -> Int { 0 }
            """#
        let (docblocks, diagnostics) = ResolverDocblocks.extract(from: text, file: "Only.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(docblocks.map(\.functionName) == ["real"])
        #expect(docblocks.first?.location.line == 8)
    }

    @Test func theSchemaExtensionStandsOnTheDocblocksLine() throws {
        let text = "\n\n/// @RelayResolver User.label: String\nfunc label() -> String { \"\" }\n"
        let (docblocks, _) = ResolverDocblocks.extract(from: text, file: "Label.swift")
        let source = try #require(ResolverDocblocks.schemaExtension(docblocks, file: "Label.swift"))
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 3 && lines[2].hasPrefix("extend type User { label: String @relay_resolver("))
        #expect(source.text.contains(#"import_name: "label""#))
    }

    /// A model type: strong on the function making its values, weak on their Swift type; each
    /// in Relay's schema form.
    @Test func modelTypesBecomeRelaysSchemaForm() throws {
        let text = """
            /// An astronaut of the app's roster.
            /// @RelayResolver Astronaut
            func astronaut(_ id: String) -> AstronautModel? { nil }

            /**
             * @RelayResolver Badge
             * @weak
             */
            public struct Badge: Sendable { let title: String }
            """
        let (docblocks, diagnostics) = ResolverDocblocks.extract(from: text, file: "Crew.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(docblocks.map(\.model) == [.strong, .weak] && docblocks.map(\.functionName) == ["astronaut", "Badge"])
        let sdl = try #require(ResolverDocblocks.schemaExtension(docblocks, file: "Crew.swift")).text
        #expect(
            sdl.contains(
                #""An astronaut of the app's roster." type Astronaut @__RelayResolverModel { id: ID! __relay_model_instance: RelayResolverValue @relay_resolver(fragment_name: "Astronaut__id", import_path: "Crew.swift", import_name: "astronaut", inject_fragment_data: "id") }"#
            ), "\(sdl)")
        #expect(
            sdl.contains(
                #"scalar BadgeModel @__RelayCustomScalar(path: "Crew.swift", export_name: "Badge") type Badge @__RelayResolverModel @__RelayWeakObject { __relay_model_instance: BadgeModel }"#
            ), "\(sdl)")
        let lines = sdl.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].contains("type Astronaut") && lines[5].contains("type Badge"), "each on its tag's line")
    }

    @Test func mistakesAreReportedAtTheTag() {
        func problems(_ text: String) -> [String] {
            ResolverDocblocks.extract(from: text, file: "F.swift").diagnostics.map(\.description)
        }
        #expect(
            problems("/// @RelayResolver User\nlet user = 1").first?.contains(
                "F.swift:1:5: error: A model's @RelayResolver docblock must be on the Swift function")
                == true)
        #expect(
            problems("/// @RelayResolver Badge\n/// @weak\nfunc badge() {}").first?.contains(
                "must be on the Swift type of its values") == true)
        #expect(problems("/// @RelayResolver Bad-Name\nfunc x() {}").first?.contains("Expected a type name") == true)
        #expect(problems("/// @RelayResolver Clock\n/// @live\nfunc clock(_ id: String) -> Int? { nil }").count == 1)
        #expect(
            problems("/// @RelayResolver User.x: Int\nlet x = 1").first?.contains("must be on the Swift function")
                == true)
        #expect(
            problems("/// @RelayResolver User.x: Int\n/// @weak\nfunc x() -> Int { 1 }").first?.contains("@weak")
                == true)
        #expect(problems("// @RelayResolver User.x: Int\nfunc x() -> Int { 1 }").isEmpty, "not a doc comment")
    }
}
