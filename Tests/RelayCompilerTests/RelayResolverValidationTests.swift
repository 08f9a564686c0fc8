import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// Relay's checks of resolver fields, each at the field that reads the resolver, with Relay's
/// messages; and that relay-swift says so where it does not run a kind of resolver yet.
struct RelayResolverValidationTests {
    static let schema = """
        type Query { viewer: User }
        type User { id: ID! name: String }
        """

    /// The errors of compiling `document` (in `Profile.swift`) against the schema and `extension`.
    static func errors(extension sdl: String, _ document: String) -> [String] {
        let root = "/resolver-checks"
        var pipeline = Pipeline(schemaFiles: ["\(root)/schema.graphql"], sourceDirectories: ["\(root)/Sources"])
        pipeline.configuration.schemaExtensionFiles = ["\(root)/extension.graphql"]
        pipeline.swiftFiles = ["\(root)/Sources/Profile.swift"]
        pipeline.inMemoryFiles = [
            "\(root)/schema.graphql": schema, "\(root)/extension.graphql": sdl,
            "\(root)/Sources/Profile.swift": "import Relay\n\nlet profile = graphql(\"\"\"\n\(document)\n\"\"\")\n",
        ]
        return pipeline.run().diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    static let rootFragment = "fragment ProfileNameResolver on User { name }"

    /// A docblock joins the schema; a problem in its field definition is reported in the Swift
    /// file, on the docblock's line.
    @Test func aDocblocksFieldIsCheckedWhereItIsWritten() {
        let root = "/resolver-docblocks"
        var pipeline = Pipeline(schemaFiles: ["\(root)/schema.graphql"], sourceDirectories: ["\(root)/Sources"])
        pipeline.swiftFiles = ["\(root)/Sources/Profile.swift"]
        func errors(_ docblockType: String) -> [String] {
            pipeline.inMemoryFiles = [
                "\(root)/schema.graphql": Self.schema,
                "\(root)/Sources/Profile.swift": """
                // A Swift file.

                let profile = graphql(\"\"\"
                query ProfileQuery { viewer { label } }
                fragment ProfileNameResolver on User { name }
                \"\"\")

                /// @RelayResolver User.label: \(docblockType)
                /// @rootFragment ProfileNameResolver
                func label(_ user: ProfileNameResolver.Data) -> String { user.name ?? "" }
                """,
            ]
            return pipeline.run().diagnostics.filter { $0.severity == .error }.map(\.description)
        }
        #expect(errors("String").isEmpty, "\(errors("String"))")
        let wrong = errors("Strin")
        #expect(wrong.contains { $0.hasPrefix("\(root)/Sources/Profile.swift:8:") && $0.contains("Strin") }, "\(wrong)")
    }

    @Test func aResolverFieldIsAccepted() {
        let errors = Self.errors(
            extension:
                #"extend type User { label: String @relay_resolver(fragment_name: "ProfileNameResolver", import_path: "Profile.swift") }"#,
            "query ProfileQuery { viewer { label } }\n" + Self.rootFragment)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func theRootFragmentMustExist() {
        let errors = Self.errors(
            extension:
                #"extend type User { label: String @relay_resolver(fragment_name: "Missing", import_path: "Profile.swift") }"#,
            "query ProfileQuery { viewer { label } }")
        #expect(
            errors.contains(
                "The Relay Resolver backing this field is defined with an invalid `fragment_name`. Could not find a fragment named 'Missing'."
            ), "\(errors)")
    }

    @Test func theDirectiveMustNameItsFile() {
        let errors = Self.errors(
            extension: #"extend type User { label: String @relay_resolver(fragment_name: "ProfileNameResolver") }"#,
            "query ProfileQuery { viewer { label } }\n" + Self.rootFragment)
        #expect(
            errors.contains(
                "The Relay Resolver backing this field is missing a 'import_path' argument in its `@relay_resolver` directive."
            ), "\(errors)")
    }

    @Test func liveResolversCompile() {
        let live = Self.errors(
            extension: #"extend type User { label: String @relay_resolver(import_path: "Profile.swift", live: true) }"#,
            "query ProfileQuery { viewer { id label } }")
        #expect(live.isEmpty, "\(live)")
    }

    @Test func aClientEdgeToAServerObjectNeedsWaterfall() {
        let friend =
            #"extend type User { friend: User @relay_resolver(fragment_name: "ProfileNameResolver", import_path: "Profile.swift") }"#
        let missing = Self.errors(
            extension: friend, "query ProfileQuery { viewer { friend { name } } }\n" + Self.rootFragment)
        #expect(missing.contains { $0.hasPrefix("Expected a `@waterfall` directive on this field.") }, "\(missing)")
        let marked = Self.errors(
            extension: friend, "query ProfileQuery { viewer { friend @waterfall { name } } }\n" + Self.rootFragment)
        // (This schema has no `node` field for the edge's query, which is the one error left.)
        #expect(!marked.contains { $0.contains("@waterfall") }, "\(marked)")
    }

    @Test func clientEdgesToClientObjectsNeedNoWaterfall() {
        let edge = Self.errors(
            extension: #"""
                type Pet { id: ID! name: String }
                extend type User { pet: Pet @relay_resolver(fragment_name: "ProfileNameResolver", import_path: "Profile.swift") }
                """#,
            "query ProfileQuery { viewer { pet { name } } }\n" + Self.rootFragment)
        #expect(edge.isEmpty, "\(edge)")
        let marked = Self.errors(
            extension: #"""
                type Pet { id: ID! name: String }
                extend type User { pet: Pet @relay_resolver(fragment_name: "ProfileNameResolver", import_path: "Profile.swift") }
                """#,
            "query ProfileQuery { viewer { pet @waterfall { name } } }\n" + Self.rootFragment)
        #expect(marked.contains { $0.contains("Unexpected `@waterfall`") }, "\(marked)")
    }

    @Test func anOutputTypeHoldsOnlyClientData() {
        let errors = Self.errors(
            extension: #"""
                type Pet { id: ID! owner: User tags(first: Int): [String] }
                extend type User { pet: Pet @relay_resolver(fragment_name: "ProfileNameResolver", import_path: "Profile.swift", has_output_type: true) }
                """#,
            "query ProfileQuery { viewer { pet { tags } } }\n" + Self.rootFragment)
        #expect(errors.contains { $0.contains("Field name `id` is reserved for strong objects") }, "\(errors)")
        #expect(errors.contains { $0.contains("`User` is a server type") }, "\(errors)")
        #expect(errors.contains { $0.contains("Arguments are not supported") }, "\(errors)")
    }

    @Test func aPluralEdgeToAWeakModelIsReported() {
        let errors = Self.errors(
            extension: #"""
                scalar PetModel @__RelayCustomScalar(path: "Pet.swift", export_name: "Pet")
                type Pet @__RelayResolverModel @__RelayWeakObject { __relay_model_instance: PetModel }
                extend type User { pets: [Pet] @relay_resolver(fragment_name: "ProfileNameResolver", import_path: "Profile.swift") }
                """#,
            "query ProfileQuery { viewer { pets { __typename } } }\n" + Self.rootFragment)
        #expect(errors.contains { $0.contains("a list of weak models") }, "\(errors)")
    }
}
