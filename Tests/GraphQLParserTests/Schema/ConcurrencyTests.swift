import GraphQLParser
import Testing

/// Schemas and documents are shared between threads (the compiler validates files in
/// parallel): reading them from many tasks at once must be safe. Run under
/// `swift test --sanitize=thread` by CI.
struct ConcurrencyTests {
    @Test func validatingOneSchemaAndDocumentFromManyTasks() async {
        let (schema, _) = SchemaLoader.load([
            Source("type Query { todos(first: Int!): [Todo!]! } type Todo { id: ID! text: String }", name: "s.graphql")
        ])
        let document = Parser.parse(
            Source("query Q($n: Int!) { todos(first: $n) { id text } }\n{ todos { nope } }", name: "q.graphql")
        ).document
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<32 {
                group.addTask {
                    // Diagnostics resolve line numbers through the tree's shared line table.
                    Validator.validate([document], schema: schema).map(\.description)
                }
            }
            var all: [[String]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 32)
        #expect(Set(results).count == 1)
        // Anonymous operation not alone, missing argument, unknown field.
        #expect(results.first?.count == 3)
    }
}
