import GraphQLParser
import TestSupport
import Testing

/// Bad input gets diagnostics, never a crash or a hang: seeded random mutations of real
/// documents, and nesting far beyond any real document.
struct RobustnessTests {
    /// Documents to mutate: the corpus's valid documents and syntax errors when `../shared` is
    /// present, and a built-in set that covers every construct when it is not.
    static func seedDocuments() -> [String] {
        var documents = [
            """
            query Q($id: ID! = "x", $list: [Int!]! = [1, 2]) @live {
              node(id: $id) { id ... on User { name friends(first: 10, after: null) @include(if: true) { edges { node { ...F } } } } }
              alias: field(obj: {a: 1.5e3, b: [true, false], c: ENUM, d: \"\"\"block\"\"\"})
            }
            fragment F on User @dir { id }
            subscription S { s }
            """,
            """
            "schema" schema @d { query: Query mutation: Mutation }
            \"\"\"Type\"\"\" type T implements A & B @key(fields: "id") { f(a: Int = 1 @d): [String!]! @deprecated }
            interface I implements J { x: Int } union U = | A | B enum E { A @d B } input In { a: Int = 1 }
            scalar Date @specifiedBy(url: "u") directive @d(a: Int) repeatable on FIELD | QUERY
            extend type T { g: Int } extend schema @d extend union U = C extend enum E { C } extend input In { b: Int }
            extend scalar Date @d extend interface I @d
            """,
        ]
        if SharedFiles.exists("conformance/corpus.json"), let corpus = try? SharedFiles.json("conformance/corpus.json")
        {
            for section in ["parse_valid", "syntax_errors", "lexer"] {
                documents += corpus[section].array.compactMap { $0["source"].string }
            }
        }
        return documents
    }

    @Test func tenThousandSeededMutationsParseWithoutCrashing() {
        let seeds = Self.seedDocuments()
        var random = SeededRandom(seed: 0x5EED_2026)
        var accepted = 0
        var rejected = 0
        let mutations = 12_000
        for round in 0..<mutations {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                mutate(&bytes, using: &random)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let result = Parser.parse(Source(text, name: "mutant-\(round).graphql"))
            if result.hasErrors {
                rejected += 1
                // Every diagnostic has a location inside the document.
                for diagnostic in result.diagnostics {
                    #expect(diagnostic.location != nil)
                    #expect(diagnostic.message.hasPrefix("Syntax Error: "))
                }
            } else {
                accepted += 1
                // A document that parses prints to text that parses to the same printed text.
                let printed = Printer.print(result.document)
                let reparsed = Parser.parse(Source(printed))
                #expect(!reparsed.hasErrors, "printed form of mutant \(round) does not parse: \(printed)")
                #expect(Printer.print(reparsed.document) == printed)
            }
        }
        print(
            "Robustness: \(mutations) mutants parsed without a crash (\(accepted) valid, \(rejected) with diagnostics)")
        #expect(accepted + rejected == mutations)
        #expect(rejected > mutations / 2, "mutations should mostly produce invalid documents")
    }

    private func mutate(_ bytes: inout [UInt8], using random: inout SeededRandom) {
        guard !bytes.isEmpty else {
            bytes = Array("{".utf8)
            return
        }
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:  // flip to any byte, including invalid UTF-8 (the decoder repairs it)
            bytes[position] = UInt8.random(in: 0...255, using: &random)
        case 1:  // delete a run
            let end = min(bytes.count, position + Int.random(in: 1...8, using: &random))
            bytes.removeSubrange(position..<end)
        case 2:  // truncate
            bytes.removeSubrange(position...)
        case 3:  // insert GraphQL punctuation
            let punctuation = Array("{}()[]:!$@=|&.\"#,\\".utf8)
            bytes.insert(punctuation[Int.random(in: 0..<punctuation.count, using: &random)], at: position)
        case 4:  // duplicate a chunk
            let end = min(bytes.count, position + Int.random(in: 1...32, using: &random))
            bytes.insert(contentsOf: bytes[position..<end], at: position)
        default:  // swap two bytes
            let other = Int.random(in: 0..<bytes.count, using: &random)
            bytes.swapAt(position, other)
        }
    }

    /// Each input nests one construct 100,000 deep (built in the test, so the test log does not
    /// print 100 KB arguments).
    static let deepInputs: [String: String] = [
        "selection sets": String(repeating: "{a", count: 100_000) + String(repeating: "}", count: 100_000),
        "list values": "{ f(a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            + ") }",
        "object values": "{ f(a: " + String(repeating: "{a: ", count: 100_000) + "1"
            + String(repeating: "}", count: 100_000) + ") }",
        "list types": "query ($v: " + String(repeating: "[", count: 100_000) + "Int"
            + String(repeating: "]", count: 100_000) + ") { a }",
        "unclosed selection sets": String(repeating: "{ a ", count: 100_000),
        "inline fragments": "{" + String(repeating: "... on T {", count: 100_000),
    ]

    @Test(arguments: deepInputs.keys.sorted())
    func hundredThousandDeepNestingGivesOneDiagnostic(kind: String) throws {
        let text = try #require(Self.deepInputs[kind])
        let result = Parser.parse(Source(text, name: "deep.graphql"))
        #expect(result.diagnostics.count == 1, "\(kind): \(result.diagnostics.prefix(3))")
        #expect(
            result.diagnostics.first?.message == "Syntax Error: Document is nested too deeply (more than 200 levels).")
        #expect(result.diagnostics.first?.location?.line == 1)
    }

    @Test func nestingUpToTheLimitParses() {
        let depth = ParseOptions().maxDepth
        let text = String(repeating: "{a", count: depth - 1) + "{b" + String(repeating: "}", count: depth)
        let result = Parser.parse(Source(text))
        #expect(!result.hasErrors, "\(result.diagnostics)")
    }

    /// A source repeating one selection past `maxSelections` stops there with one error; up to
    /// the limit it parses, and without a limit it parses whole.
    @Test func selectionsPastTheLimitAreOneError() {
        let options = ParseOptions(maxSelections: 1_000)
        let over = Parser.parse(Source("{ " + String(repeating: "a ", count: 5_000) + "}"), options: options)
        #expect(
            over.diagnostics.map(\.message) == [
                "Syntax Error: Document has too many selections (more than 1000); split it into several documents."
            ])
        #expect(over.diagnostics.first?.location?.column == 2_003)
        let at = Parser.parse(Source("{ a { " + String(repeating: "b ", count: 998) + "} c }"), options: options)
        #expect(!at.hasErrors, "\(at.diagnostics)")
        #expect(!Parser.parse(Source("{ " + String(repeating: "a ", count: 5_000) + "}")).hasErrors)
    }

    @Test func largeDocumentParses() {
        // 20,000 operations, about 1.5 MB: errors, if any, are reported, never a crash.
        var text = ""
        for index in 0..<20_000 {
            text += "query Q\(index)($v: Int = \(index)) { field\(index)(arg: $v) { id name } }\n"
        }
        let result = Parser.parse(Source(text))
        #expect(!result.hasErrors)
        #expect(result.document.definitions.count == 20_000)
    }

    /// A chain of fragments, each spreading the next: `count` links below the operation.
    static func fragmentChain(_ count: Int, extra: String = "") -> Document {
        var text = "query ChainQuery { ...F0 }\n" + extra
        for index in 0..<count {
            text += "fragment F\(index) on Query { a \(index + 1 < count ? "...F\(index + 1)" : "") }\n"
        }
        return Parser.parse(Source(text, name: "chain.graphql")).document
    }

    /// Rules follow spreads (field merging compares each selection with every fragment below
    /// it), so a chain of 20,000 fragments took minutes and gigabytes. Too deep a chain is one
    /// diagnostic and no rule runs: the unknown field beside it is not reported. (1,000 links
    /// show it; docs/Limits.md has the timings of longer chains.)
    @Test func aLongFragmentChainIsOneValidationError() {
        let (schema, _) = SchemaLoader.load([Source("type Query { a: Int }", name: "s.graphql")])
        let document = Self.fragmentChain(1_000, extra: "query Other { unknown }\n")
        let diagnostics = Validator.validate([document], schema: schema)
        #expect(
            diagnostics.map(\.description) == [
                "chain.graphql:1:7: error: \"ChainQuery\" nests selections more than 200 levels deep through its fragment spreads."
            ])
    }

    @Test func aChainUpToTheLimitIsValidated() {
        let (schema, _) = SchemaLoader.load([Source("type Query { a: Int }", name: "s.graphql")])
        let document = Self.fragmentChain(ParseOptions().maxDepth - 1, extra: "query Other { unknown }\n")
        let diagnostics = Validator.validate([document], schema: schema)
        #expect(diagnostics.map(\.message) == ["Cannot query field \"unknown\" on type \"Query\"."])
    }

    /// One response key selected with many different fields conflicts in every pair: 2,000
    /// selections would be 1.8 million errors. As in graphql-js, validation stops after
    /// `maxErrors` (100) with an error saying so, last.
    @Test func validationStopsAfterTheErrorLimit() {
        let (schema, _) = SchemaLoader.load([
            Source("type Query { " + (0..<10).map { "f\($0): Int" }.joined(separator: " ") + " }", name: "s.graphql")
        ])
        let selections = (0..<2_000).map { "a: f\($0 % 10)" }.joined(separator: " ")
        let document = Parser.parse(Source("{ \(selections) }", name: "wide.graphql")).document
        let diagnostics = Validator.validate([document], schema: schema)
        #expect(diagnostics.count == 101)
        #expect(diagnostics.dropLast().allSatisfy { $0.message.hasPrefix("Fields \"a\" conflict because") })
        #expect(diagnostics.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
        #expect(diagnostics.last?.location == nil)
    }

    @Test func withoutALimitEveryErrorIsReported() {
        let (schema, _) = SchemaLoader.load([Source("type Query { a: Int }", name: "s.graphql")])
        let selections = (0..<150).map { "unknown\($0)" }.joined(separator: " ")
        let document = Parser.parse(Source("{ \(selections) }", name: "many.graphql")).document
        let limited = Validator.validate([document], schema: schema)
        let unlimited = Validator.validate([document], schema: schema, options: ValidationOptions(maxErrors: nil))
        #expect(limited.count == 101)
        #expect(limited.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
        #expect(unlimited.count == 150)
        #expect(unlimited.allSatisfy { $0.message.hasPrefix("Cannot query field \"unknown") })
    }
}
