import FuzzSupport
import GraphQLParser
import RelayCompiler

/// The language server's reading of a cursor's surroundings, on arbitrary bytes: a context at
/// up to 64 offsets of the text (its start and end included) against a small schema with every
/// kind of type. Nothing may crash or hang, whatever the text.
@_cdecl("FuzzCursorContext_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        let source = Source(text(data, size), name: "fuzz.graphql")
        let length = source.text.utf8.count
        let step = max(1, length / 63)
        for offset in stride(from: 0, through: length, by: step) {
            let context = CursorContext(source: source, offset: offset, schema: schema)
            _ = (context.expectation, context.symbol, context.variables.count)
        }
        return 0
    }
}

private let schema = RelaySchema.load([
    Source(
        """
        type Query { viewer: User node(id: ID!): Node search(text: String, kinds: [Kind!]): [Result] }
        type Mutation { add(input: AddInput!): Todo }
        interface Node { id: ID! }
        type User implements Node { id: ID! todos(first: Int, after: String): [Todo] }
        type Todo implements Node { id: ID! text: String! kind: Kind }
        union Result = User | Todo
        enum Kind { A B }
        input AddInput { text: String! kind: Kind nested: AddInput }
        """, name: "schema.graphql")
]).schema
