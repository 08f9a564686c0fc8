import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@testable import GoldenScalars
@testable import GoldenTodoList
@testable import GoldenUnions
@testable import RelayTesting

/// `GeneratedDataCheck` runs generated operations on generated data and finds what a broken
/// runtime gets wrong; and the runtime fixes it found, each on its own.
@MainActor
struct GeneratedDataCheckTests {
    static let scalars = MockPayloadGeneratorTests.scalars

    /// `Golden/scalars`' typed test query and the fragment it spreads, in every default shape.
    static func check() -> GeneratedDataCheck {
        GeneratedDataCheck(
            operations: [AgendaMocksQuery.self], fragments: [AgendaEvent_event.self],
            generator: MockPayloadGenerator(resolvers: scalars))
    }

    @Test func aWorkingRuntimeReadsWhatWasSentThroughEveryFragment() {
        let report = Self.check().run()
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.runs.count == Self.check().defaultShapes.count)
        #expect(report.runs.map(\.fragmentsRead).reduce(0, +) > 0)
        #expect(report.runs.allSatisfy { $0.records > 0 && $0.bytes > 0 })
        #expect(report.unreachedFragments.isEmpty)
    }

    /// A normalizer that writes one field wrong: the read differs from what was sent.
    @Test func aBrokenNormalizerIsCaught() {
        var check = Self.check()
        check.access = BrokenNormalizer()
        let report = check.run()
        #expect(report.count(of: .difference) > 0, "\(report.findings)")
        #expect(report.findings.contains { $0.path.hasSuffix("title") })
    }

    /// A reader that loses the fragment keys: the generated type no longer decodes, and the
    /// fragments the operation spreads are never reached.
    @Test func aBrokenReaderIsCaught() {
        var check = Self.check()
        check.access = BrokenReader()
        let report = check.run()
        #expect(report.count(of: .error) > 0 || report.count(of: .difference) > 0, "\(report.findings)")
        #expect(report.runs.map(\.fragmentsRead).reduce(0, +) == 0)
        #expect(report.unreachedFragments == ["AgendaEvent_event"])
    }

    /// Relay's connection handler copies a new connection's fields from the server's, a null
    /// `edges` too: it reads as null, not as missing data.
    @Test func aNewConnectionWithNullEdgesHasThem() throws {
        let environment = Environment(network: MockNetwork())
        let data = try VariableValue(
            parsingJSON: #"{"viewer": {"id": "me", "openCount": 0, "todos": {"edges": null, "pageInfo": null}}}"#)
        try environment.commitPayload(TodoListQuery(), data: data)
        let connection = ConnectionHandler.getConnectionID("me", key: "TodoList_todos")
        #expect(environment.records[connection]?["edges"] != nil)
        #expect(!environment.lookup(TodoListQuery()).isMissingData)
    }

    /// Relay's reader reads an inline fragment on an object type only from a record of that
    /// type: a field a record of another type has from another query (`country` here) is not
    /// read through it, nor followed into records it links to.
    @Test func anInlineFragmentOnAnotherTypeIsNotRead() throws {
        let environment = Environment(network: MockNetwork())
        try environment.commitPayload(
            SearchQuery(text: "a"), data: ["search": [], "node": ["__typename": "Person", "id": "1"]])
        environment.commitLocalUpdate { store in store.get("1")?["country"] = "FR" }
        let snapshot = environment.lookupValue(
            SearchQuery.self, variables: SearchQuery(text: "a").variables.variableData)
        #expect(snapshot.data?["node"]?["country"] == nil, "\(String(describing: snapshot.data))")
        #expect(snapshot.data?["node"]?["id"] == "1")
        #expect(!snapshot.isMissingData)
    }

    /// Relay's reader expects no data of a fragment on an object type from a record of another
    /// type (a refetch's `node(id:)` answered with another type): not missing data.
    @Test func aFragmentOnAnotherObjectTypeIsNotMissingData() {
        let environment = Environment(network: MockNetwork())
        environment.commitLocalUpdate { store in _ = store.create(dataID: "user-1", typename: "User") }
        #expect(!environment.lookupValue(AgendaEvent_event.node, at: FragmentPointer(id: "user-1")).isMissingData)
        environment.commitLocalUpdate { store in _ = store.create(dataID: "event-1", typename: "Event") }
        #expect(environment.lookupValue(AgendaEvent_event.node, at: FragmentPointer(id: "event-1")).isMissingData)
    }
}

/// Writes every response with each `title` changed, as a normalizer mixing up values would.
private struct BrokenNormalizer: StoreAccess {
    func write<Op: Relay.Operation>(
        _ operation: Op.Type, variables: VariableData, data: VariableValue, into environment: Environment
    ) throws(RelayError) {
        try environment.commitPayload(operation, variables: variables, data: Self.retitled(data))
    }

    static func retitled(_ value: VariableValue) -> VariableValue {
        switch value {
        case .object(let fields):
            .object(
                Dictionary(
                    uniqueKeysWithValues: fields.map { ($0.key, $0.key == "title" ? "wrong" : retitled($0.value)) }))
        case .list(let items): .list(items.map(retitled))
        default: value
        }
    }
}

/// Reads every operation without its fragment keys, as a reader skipping spreads would.
private struct BrokenReader: StoreAccess {
    func read<Op: Relay.Operation>(_ operation: Op.Type, variables: VariableData, from environment: Environment)
        -> Snapshot<VariableValue>
    {
        var snapshot = environment.lookupValue(operation, variables: variables)
        snapshot.data = snapshot.data.map(Self.withoutFragments)
        return snapshot
    }

    static func withoutFragments(_ value: VariableValue) -> VariableValue {
        switch value {
        case .object(let fields):
            .object(fields.filter { !$0.key.hasPrefix("fragment_") }.mapValues(withoutFragments))
        case .list(let items): .list(items.map(withoutFragments))
        default: value
        }
    }
}

/// As a server answers: one field of an object has one value however it is selected.
@MainActor
struct MockFieldConsistencyTests {
    /// A field selected again in another fragment adds its selections to the value there.
    @Test func aFieldSelectedTwiceIsOneValue() {
        let first: VariableValue = ["id": "<User-mock-id-1>", "name": "Ada"]
        let second: VariableValue = ["id": "<User-mock-id-2>", "login": "ada"]
        #expect(
            MockGeneration.merged(first, second) == ["id": "<User-mock-id-1>", "name": "Ada", "login": "ada"])
        #expect(MockGeneration.merged([first], [second, second]) == [first])
    }

    /// The same field under another alias takes the value already generated: the same ids and
    /// scalars, its own other fields kept.
    @Test func aFieldUnderAnotherAliasIsTheSameValue() {
        let other: VariableValue = ["id": "<User-mock-id-1>", "name": "<mock-value-for-field-\"name\">"]
        let value: VariableValue = ["id": "<User-mock-id-2>", "name": "<mock-value-for-field-\"n\">", "login": "ada"]
        #expect(
            MockGeneration.aligned(value, to: other)
                == ["id": "<User-mock-id-1>", "name": "<mock-value-for-field-\"name\">", "login": "ada"])
        #expect(MockGeneration.aligned("a", to: "b") == "b")
    }

    /// A field selected again is generated over the records already there: their types and
    /// ids, so a second selection never names another type for the same record.
    @Test func aFieldSelectedAgainKeepsItsRecords() {
        let earlier: VariableValue = [["__typename": "User", "id": "<User-mock-id-1>", "name": "Ada"], .null]
        #expect(MockGeneration.records(earlier) == [["__typename": "User", "id": "<User-mock-id-1>"], .null])
    }
}
