import Foundation
import Relay
import Testing

@testable import GoldenScalars

/// Custom scalars mapped to Swift types (`Golden/scalars`: `DateTime` → `Date`, `Url` → `URL`,
/// `Decimal` → `Decimal`, `Color` → the app's own `RGBColor`) through a query, its variables,
/// an input object and a mutation, and values that do not convert.
@MainActor
struct CustomScalarTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    static let noon = Date(timeIntervalSince1970: 1_795_089_600)  // 2026-11-19T12:00:00Z
    static let teal = RGBColor(red: 0x00, green: 0x80, blue: 0x80)

    static func response(startsAt: String = "\"2026-11-24T09:30:00Z\"", title: String = "\"Stand-up\"") -> String {
        """
        {"data": {"events": [{"id": "event-1", "title": \(title),
          "startsAt": \(startsAt), "endsAt": "2026-11-24T10:15:30.250+01:00",
          "link": "https://example.com/stand-up?day=tue", "price": "19.99", "color": "#008080",
          "reminders": ["2026-11-24T09:00:00Z", "2026-11-24T09:25:00Z"]}]}}
        """
    }

    /// Sends `AgendaQuery` after `noon` filtered to teal events before a day later, answers it
    /// with `response`, and returns what `fetchQuery` gave.
    func fetchAgenda(answering response: String = Self.response()) async throws -> AgendaQuery.Data {
        let query = AgendaQuery(
            after: Self.noon,
            filter: EventFilter(startsBefore: Self.noon.addingTimeInterval(86_400), colors: [Self.teal]))
        async let fetched = environment.fetchQuery(query)
        await network.waitForPending(1)
        await network.respond(with: response)
        return try await fetched
    }

    /// The fragment of the agenda's first event.
    func firstEvent(of data: AgendaQuery.Data) throws -> AgendaEvent_event {
        AgendaEvent_event(key: try #require(data.events.first))
    }

    @Test func variablesAndInputObjectsSendTheScalarsJSONForm() async throws {
        let query = AgendaQuery(
            after: Self.noon,
            filter: EventFilter(startsBefore: Self.noon.addingTimeInterval(86_400.5), colors: [Self.teal]))
        async let fetched = environment.fetchQuery(query)
        await network.waitForPending(1)
        let sent = await network.variables(0)
        #expect(sent["after"] == "2026-11-19T12:00:00Z")
        #expect(sent["filter"] == ["startsBefore": "2026-11-20T12:00:00.500Z", "colors": ["#008080"]])
        await network.respond(with: Self.response())
        _ = try await fetched
    }

    @Test func aQueryReadsEveryScalarAsItsSwiftType() async throws {
        let data = try await fetchAgenda()
        let event = try #require(environment.lookup(try firstEvent(of: data)).data)
        #expect(event.startsAt == Date(timeIntervalSince1970: 1_795_512_600))  // 2026-11-24T09:30:00Z
        #expect(event.endsAt == Date(timeIntervalSince1970: 1_795_511_730.25))  // 09:15:30.250Z
        #expect(event.link == URL(string: "https://example.com/stand-up?day=tue"))
        #expect(event.price == Decimal(string: "19.99"))
        #expect(event.color == Self.teal)
        #expect(event.reminders?.count == 2)
        // Written back, each value is the JSON it was read from (dates in UTC).
        #expect(event.startsAt.variableValue == "2026-11-24T09:30:00Z")
        #expect(event.endsAt?.variableValue == "2026-11-24T09:15:30.250Z")
        #expect(event.price?.variableValue == "19.99")
        #expect(event.color?.variableValue == "#008080")
    }

    @Test func aDateRoundTripsThroughAnInputObjectAndTheMutationsResponse() async throws {
        let data = try await fetchAgenda()
        let event = try #require(environment.lookup(try firstEvent(of: data)).data)
        let later = event.startsAt.addingTimeInterval(30 * 60)
        async let moved = environment.commitMutation(
            AgendaRescheduleMutation(input: RescheduleInput(id: event.id, startsAt: later)))
        await network.waitForPending(1)
        let sent = await network.variables(0)
        #expect(sent["input"] == ["id": "event-1", "startsAt": "2026-11-24T10:00:00Z"])
        await network.respond(
            with: #"{"data": {"reschedule": {"id": "event-1", "startsAt": "2026-11-24T10:00:00Z"}}}"#)
        #expect(try await moved.reschedule?.startsAt == later)
        #expect(environment.lookup(try firstEvent(of: data)).data?.startsAt == later)
    }

    @Test func aValueThatDoesNotConvertIsAnErrorNamingRecordFieldValueAndType() async throws {
        let environment = environment
        let moved = Task {
            try await environment.commitMutation(
                AgendaRescheduleMutation(input: RescheduleInput(id: "event-1", startsAt: Self.noon)))
        }
        await network.waitForPending(1)
        await network.respond(with: #"{"data": {"reschedule": {"id": "event-1", "startsAt": "next Tuesday"}}}"#)
        await #expect {
            _ = try await moved.value
        } throws: { error in
            guard case RelayError.invalidValue(let invalid) = error else { return false }
            return invalid.record == "event-1" && invalid.field == "startsAt" && invalid.value == "next Tuesday"
                && invalid.type == "Date" && invalid.path == ["reschedule", "startsAt"]
                && invalid.description.contains("startsAt of record event-1 at reschedule.startsAt")
                && invalid.description.contains("\"next Tuesday\"")
                && invalid.description.contains("not an ISO 8601 date")
        }
    }

    @Test func aFragmentSnapshotSaysWhichValueDoesNotConvert() async throws {
        let data = try await fetchAgenda()
        let fragment = try firstEvent(of: data)
        environment.commitUpdate { store, _ in store.get("event-1")?.setValue("#zzzzzz", "color") }
        let snapshot = environment.lookup(fragment)
        #expect(snapshot.data == nil)
        #expect(snapshot.missingFields.isEmpty)
        let invalid = try #require(snapshot.invalidValue)
        #expect(invalid.record == "event-1")
        #expect(invalid.field == "color")
        #expect(invalid.value == "#zzzzzz")
        #expect(invalid.type == "RGBColor")
        #expect(invalid.reason == "expected #rrggbb")
        #expect(invalid.path == ["color"])
    }

    @Test func anOptionalScalarThatDoesNotConvertIsAnErrorNotNil() async throws {
        let data = try await fetchAgenda()
        let fragment = try firstEvent(of: data)
        environment.commitUpdate { store, _ in store.get("event-1")?.setValue(.int(3), "endsAt") }
        #expect(environment.lookup(fragment).invalidValue?.field == "endsAt")
        environment.commitUpdate { store, _ in store.get("event-1")?.setValue(.null, "endsAt") }
        #expect(environment.lookup(fragment).data?.endsAt == nil)
        #expect(environment.lookup(fragment).invalidValue == nil)
    }

    @Test func aScalarInAListNamesItsIndex() async throws {
        let data = try await fetchAgenda()
        let fragment = try firstEvent(of: data)
        environment.commitUpdate { store, _ in
            store.get("event-1")?.setValue(["2026-11-24T09:00:00Z", "soon"], "reminders")
        }
        let invalid = try #require(environment.lookup(fragment).invalidValue)
        #expect(invalid.record == "event-1")
        #expect(invalid.field == "reminders")
        #expect(invalid.path == ["reminders", "1"])
        #expect(invalid.value == "soon")
    }

    @Test func aBuiltInScalarOfTheWrongJSONTypeIsAnInvalidValueToo() async throws {
        let data = try await fetchAgenda(answering: Self.response(title: "42"))
        let invalid = try #require(environment.lookup(try firstEvent(of: data)).invalidValue)
        #expect(invalid.field == "title")
        #expect(invalid.value == 42)
        #expect(invalid.type == "String")
    }

    @Test func anObservedFragmentShowsTheInvalidValueAndRecovers() async throws {
        let data = try await fetchAgenda()
        let observed = ObservedFragment(
            environment: environment, fragment: try firstEvent(of: data))
        #expect(observed.invalidValue == nil)
        environment.commitUpdate { store, _ in store.get("event-1")?.setValue("yesterday", "startsAt") }
        var turns = 0
        while observed.invalidValue == nil, turns < 100_000 {
            await Task.yield()
            turns += 1
        }
        #expect(observed.invalidValue?.value == "yesterday")
        #expect(observed.data == nil)
        environment.commitUpdate { store, _ in store.get("event-1")?.setValue("2026-11-25T08:00:00Z", "startsAt") }
        turns = 0
        while observed.data == nil, turns < 100_000 {
            await Task.yield()
            turns += 1
        }
        #expect(observed.invalidValue == nil)
        #expect(observed.data?.startsAt == Date(timeIntervalSince1970: 1_795_593_600))
    }
}
