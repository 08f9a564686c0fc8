import FuzzSupport
import GraphQLParser

/// Lexes and parses arbitrary bytes as a GraphQL document; a document that parses is printed and
/// loaded as a schema (SDL validation, building, schema checks). Nothing may crash or hang.
@_cdecl("FuzzParser_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        let source = Source(text(data, size), name: "fuzz.graphql")
        let result = Parser.parse(source)
        if result.diagnostics.isEmpty {
            _ = Printer.print(result.document)
            _ = SchemaLoader.load([source])
        }
        return 0
    }
}
