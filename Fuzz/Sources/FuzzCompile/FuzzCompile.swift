import FuzzSupport
import RelayCompiler

/// The whole compile in memory: the input is a Swift file (named `Fuzz.swift`, so Relay's
/// naming rule expects `FuzzQuery`, `Fuzz_…`), compiled against a fixed schema through every
/// stage to generated files. Nothing may crash or hang. The schema is loaded once (the parser
/// harness covers schema loading), so each input costs only its own compile.
let schemaText = """
    type Query { viewer: User node(id: ID!): Node search(text: String, first: Int = 10): [SearchResult!] }
    type Mutation { rename(input: RenameInput!): User }
    interface Node { id: ID! }
    type User implements Node { id: ID! name: String friends(first: Int, after: String): UserConnection! kind: Kind }
    type UserConnection { edges: [UserEdge] pageInfo: PageInfo! }
    type UserEdge { cursor: String! node: User }
    type PageInfo { hasNextPage: Boolean! endCursor: String }
    union SearchResult = User | Photo
    type Photo implements Node { id: ID! url(size: Int = 100): String! }
    enum Kind { ADMIN MEMBER self }
    input RenameInput { id: ID! name: String! tags: [String!] = [] nested: RenameInput }
    scalar DateTime
    """

let schemaOnly: Pipeline = {
    var pipeline = Pipeline(
        schemaFiles: ["schema.graphql"], sourceDirectories: [], customScalars: ["DateTime": "String"])
    pipeline.swiftFiles = []
    pipeline.inMemoryFiles = ["schema.graphql": schemaText]
    return pipeline
}()
let schema = schemaOnly.run().schema

@_cdecl("FuzzCompile_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        var pipeline = schemaOnly
        pipeline.loadedSchema = schema
        pipeline.swiftFiles = ["Fuzz.swift"]
        pipeline.inMemoryFiles = ["Fuzz.swift": text(data, size)]
        _ = pipeline.run()
        return 0
    }
}
