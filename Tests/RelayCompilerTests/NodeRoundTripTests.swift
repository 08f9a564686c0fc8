import GraphQLParser
@_spi(RelayGenerated) import RelayCompiler
@_spi(RelayGenerated) import RelayContract
import Testing

/// The node contract: every node the compiler builds, for every golden case and every Relay
/// fixture it compiles, written by `NodeEncoder` and read back by `NodeDecoder` — the runtime's
/// decoder — is the same node, and writes the same bytes again. A kind or member spelled, left
/// out or defaulted differently on one side fails here.
struct NodeRoundTripTests {
    /// The nodes of one compile that do not survive the round trip, by name.
    static func mismatches(_ programs: Programs, schema: Schema) -> [String] {
        var failures: [String] = []
        for operation in programs.reader.operations {
            let request = RequestNode.request(operation, programs: programs, schema: schema)
            let json = NodeEncoder.json(request)
            do {
                let decoded = try NodeDecoder.request(json: json)
                if decoded != request { failures.append("\(operation.name): decodes to another request") }
                if NodeEncoder.json(decoded) != json { failures.append("\(operation.name): encodes differently") }
            } catch {
                failures.append("\(operation.name): \(error)")
            }
        }
        for fragment in programs.reader.fragments {
            let node = RequestNode.fragment(fragment, schema: schema)
            let json = NodeEncoder.json(node)
            do {
                let decoded = try NodeDecoder.readerFragment(json: json)
                if decoded != node { failures.append("\(fragment.name): decodes to another fragment") }
                if NodeEncoder.json(decoded) != json { failures.append("\(fragment.name): encodes differently") }
            } catch {
                failures.append("\(fragment.name): \(error)")
            }
        }
        return failures
    }

    @Test(arguments: GoldenTests.cases)
    func everyGoldenNodeRoundTrips(name: String) throws {
        let (result, _) = try GoldenTests.run(name)
        guard let programs = result.programs else { return }  // a case of diagnostics
        #expect(!programs.reader.operations.isEmpty || !programs.reader.fragments.isEmpty)
        #expect(Self.mismatches(programs, schema: result.schema) == [], "golden case \(name)")
    }

    @Test func everyRelayFixtureNodeRoundTrips() throws {
        guard RelayFixtureCorpus.isPresent else {
            print("note: the Relay fixture corpus is absent; skipping the node round trip over it")
            return
        }
        let schemaText = try RelayFixtureCorpus.schemaText()
        let (baseSchema, _) = RelaySchema.load([Source(schemaText, name: "testschema.graphql")])
        var nodes = 0
        var failures: [String] = []
        for entry in try RelayFixtureCorpus.entries() where entry.leftOut == nil && entry.mode == "compile" {
            let outcome = RelayFixtureCorpus.run(entry, schemaText: schemaText, baseSchema: baseSchema)
            guard let programs = outcome.programs, let schema = outcome.schema else { continue }
            nodes += programs.reader.operations.count + programs.reader.fragments.count
            failures += Self.mismatches(programs, schema: schema).map { "\(entry.id): \($0)" }
        }
        print("Relay fixtures: \(nodes) nodes round-tripped")
        #expect(nodes > 500)
        #expect(failures == [])
    }
}
