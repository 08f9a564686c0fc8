import Foundation
import Relay
import RelayTesting
import Testing

@testable import GoldenScalars
@testable import GoldenTodoList

/// `MockPayloadGenerator`: a response for a generated operation with no hand-written JSON, typed
/// by the artifact of an `@relay_test_operation` (`AgendaMocksQuery` in `Golden/scalars`).
@MainActor
struct MockPayloadGeneratorTests {
    /// Values the custom scalars of `Golden/scalars` convert from.
    static let scalars: [String: MockPayloadGenerator.Resolver] = [
        "DateTime": { _ in "2026-11-24T09:30:00Z" }, "Url": { _ in "https://example.com" },
        "Decimal": { _ in "19.99" }, "Color": { _ in "#008080" },
    ]

    @Test func everyFieldGetsTheDefaultOfItsType() throws {
        let data = MockPayloadGenerator().data(for: AgendaMocksQuery())
        guard case .list(let events)? = data["events"], let event = events.first else {
            Issue.record("no events in \(data)")
            return
        }
        #expect(events.count == 1)
        #expect(event["id"] == "<Event-mock-id-1>")
        #expect(event["attendees"] == 42)
        #expect(event["cancelled"] == false)
        #expect(event["kind"] == "MEETING")
        #expect(event["rating"] == 4.2)
        #expect(event["tags"] == [#"<mock-value-for-field-"tags">"#])
        #expect(event["title"] == #"<mock-value-for-field-"title">"#)
        #expect(event["reminders"] == [#"<mock-value-for-field-"reminders">"#])
        // An abstract field takes a concrete type its selections ask for, with that fragment's
        // fields, and `node(id:)` answers with the id asked for.
        #expect(data["node"]?["__typename"] == "Event")
        #expect(data["node"]?["id"] == "event-1")
        #expect(data["node"]?["title"] == #"<mock-value-for-field-"title">"#)
    }

    /// One generator never hands out an id twice (a generated next page is new records); a new
    /// generator starts again, so a test's payloads are the same every run.
    @Test func idsAreNewOnEveryCallAndTheSameEveryRun() {
        let generator = MockPayloadGenerator(resolvers: Self.scalars)
        let first = generator.data(for: AgendaMocksQuery())
        let second = generator.data(for: AgendaMocksQuery())
        guard case .list(let firstEvents)? = first["events"], case .list(let secondEvents)? = second["events"] else {
            Issue.record("no events")
            return
        }
        #expect(firstEvents.first?["id"] == "<Event-mock-id-1>")
        #expect(secondEvents.first?["id"] == "<Event-mock-id-2>")
        #expect(MockPayloadGenerator(resolvers: Self.scalars).data(for: AgendaMocksQuery()) == first)
    }

    /// Type resolvers (`"Int"`) and field resolvers (`"Event.attendees"`) compose; a field's
    /// wins, and `merging` keeps both generators' resolvers.
    @Test func resolversByTypeAndByFieldCompose() {
        let base = MockPayloadGenerator(resolvers: Self.scalars.merging(["Int": { _ in 7 }]) { _, new in new })
        let over = MockPayloadGenerator(fieldResolvers: ["Event.title": { _ in "Retro" }])
        let data = base.merging(over).data(for: AgendaMocksQuery())
        guard case .list(let events)? = data["events"], let event = events.first else {
            Issue.record("no events in \(data)")
            return
        }
        #expect(event["attendees"] == 7)
        #expect(event["title"] == "Retro")
        #expect(event["link"] == "https://example.com")
        var several = base
        several.shape.listLength = 3
        if case .list(let items)? = several.data(for: AgendaMocksQuery())["events"] { #expect(items.count == 3) }
    }

    @Test func aGeneratedPayloadReadsAsTypedDataThroughEveryFragment() throws {
        let mock = MockEnvironment()
        let query = AgendaMocksQuery()
        try mock.cachePayload(query, MockPayloadGenerator(resolvers: Self.scalars).data(for: query))
        let snapshot = mock.environment.lookup(query)
        #expect(!snapshot.isMissingData, "\(snapshot.missingFields)")
        let data = try #require(snapshot.data)
        let event = try #require(data.events.first)
        #expect(event.kind == .meeting && event.attendees == 42 && event.tags == [#"<mock-value-for-field-"tags">"#])
        let fragment = try #require(mock.environment.lookup(AgendaEvent_event(key: event)).data)
        #expect(fragment.startsAt == Date(timeIntervalSince1970: 1_795_512_600))
        #expect(fragment.color == RGBColor(red: 0, green: 0x80, blue: 0x80))
        #expect(fragment.price == Decimal(string: "19.99"))
        guard case .event(let node)? = data.node else {
            Issue.record("node is not an Event: \(String(describing: data.node))")
            return
        }
        #expect(node.startsAt == fragment.startsAt)
    }

    @Test func resolversSetFieldsOfATypeAndHowManyItemsAListHas() throws {
        let generator = MockPayloadGenerator(
            resolvers: Self.scalars.merging([
                "Query": { _ in ["events": [["title": "Stand-up"], ["title": "Retro", "attendees": 7]]] },
                "Event": { context in context.path == ["events"] ? ["rating": 3.5] : nil },
                "EventKind": { _ in "TRAINING" },
            ]) { _, new in new })
        let data = generator.data(for: AgendaMocksQuery())
        guard case .list(let events)? = data["events"] else {
            Issue.record("no events in \(data)")
            return
        }
        #expect(events.map { $0["title"] } == ["Stand-up", "Retro"])
        #expect(events.map { $0["attendees"] } == [42, 7])
        #expect(events.map { $0["id"] } == ["<Event-mock-id-1>", "<Event-mock-id-2>"])
        #expect(events.map { $0["kind"] } == ["TRAINING", "TRAINING"])
        #expect(events.map { $0["rating"] } == [3.5, 3.5])
        #expect(data["node"]?["title"] == #"<mock-value-for-field-"title">"#)
    }

    @Test func conditionsFollowTheOperationsVariables() {
        let withTags = MockPayloadGenerator().data(for: AgendaMocksQuery())
        let withoutTags = MockPayloadGenerator().data(for: AgendaMocksQuery(withTags: false))
        if case .list(let events)? = withTags["events"] { #expect(events.first?["tags"] != nil) }
        if case .list(let events)? = withoutTags["events"] { #expect(events.first?["tags"] == nil) }
    }

    /// Without `@relay_test_operation` the artifact has no types: ids, `__typename` and linked
    /// fields are still right; other scalars are strings unless a resolver says.
    @Test func anOperationWithoutTypesGetsIDsTypenamesAndStrings() throws {
        let generator = MockPayloadGenerator(resolvers: ["Boolean": { _ in false }])
        let data = generator.data(for: PinnedTodosQuery())
        #expect(data["viewer"]?["id"] == "<User-mock-id-1>")
        guard case .list(let pinned)? = data["viewer"]?["pinned"] else {
            Issue.record("no pinned list in \(data)")
            return
        }
        #expect(pinned.first?["id"] == "<Todo-mock-id-2>")
        #expect(pinned.first?["text"] == #"<mock-value-for-field-"text">"#)
        #expect(MockPayloadGenerator().payload(for: PinnedTodosQuery())["data"] == data)
    }
}
