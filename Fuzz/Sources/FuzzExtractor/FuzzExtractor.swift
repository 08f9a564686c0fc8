import FuzzSupport
import RelayCompiler

/// Scans arbitrary bytes as a Swift file for graphql(…) literals: nothing may crash or hang.
@_cdecl("FuzzExtractor_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        _ = GraphQLLiteralExtractor.extract(from: text(data, size), file: "Fuzz.swift")
        return 0
    }
}
