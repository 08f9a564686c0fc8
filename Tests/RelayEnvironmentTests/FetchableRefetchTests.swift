import Foundation
import Relay
import Testing

@testable import GoldenFetchable

/// `@refetchable` on `@fetchable` types (the golden `fetchable` case): a weather report that is
/// not a Node refetches through `fetch__WeatherReport(report_id:)`, given the report's own
/// `report_id`, with the server directive its `directives:` names; a Node that prefers
/// `fetch__Photo` refetches through it rather than `node(id:)`.
@MainActor
struct FetchableRefetchTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    static func report(under field: String, id: String, temperature: Double) -> String {
        #"{"data": {"\#(field)": {"report_id": "\#(id)", "city": "Oslo", "temperature": \#(temperature)}}}"#
    }

    @Test func aFetchableReportRefetchesThroughItsFetchField() async throws {
        async let fetched = environment.fetchQuery(WeatherCardQuery(city: "Oslo"))
        await network.waitForPending(1)
        await network.respond(with: Self.report(under: "weather", id: "report-7", temperature: 3.5))
        guard let key = try await fetched.weather else {
            Issue.record("no report in the response")
            return
        }
        let card = ObservedRefetchableFragment<WeatherCard_report>(environment: environment, key: key)
        #expect(card.data?.temperature == 3.5)

        async let refetched: Void = card.refetch(fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        #expect(await network.sentNames.last == "WeatherCardRefetchQuery")
        #expect(await network.variables(0) == ["id": "report-7"])
        let text = await network.sentTexts.last ?? nil
        #expect(text?.contains("query WeatherCardRefetchQuery(\n  $id: ID!\n) @owner(team: \"weather\")") == true)
        #expect(text?.contains("fetch__WeatherReport(report_id: $id)") == true)
        await network.respond(with: Self.report(under: "fetch__WeatherReport", id: "report-7", temperature: 5))
        try await refetched
        #expect(card.data?.temperature == 5 && card.data?.city == "Oslo")
    }

    @Test func aNodePreferringFetchableRefetchesThroughItsFetchField() async throws {
        async let fetched = environment.fetchQuery(PhotoLikesQuery(id: "photo:1"))
        await network.waitForPending(1)
        await network.respond(
            with: #"{"data": {"node": {"__typename": "Photo", "id": "photo:1", "photo_id": "p1", "likes": 2}}}"#)
        guard let key = try await fetched.node?.PhotoLikes_photo else {
            Issue.record("no photo in the response")
            return
        }
        let likes = ObservedRefetchableFragment<PhotoLikes_photo>(environment: environment, key: key)
        #expect(likes.data?.likes == 2)

        async let refetched: Void = likes.refetch(fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        #expect(await network.variables(0) == ["id": "p1"])
        let text = await network.sentTexts.last ?? nil
        #expect(text?.contains("fetch__Photo(photo_id: $id)") == true && text?.contains("node(") == false)
        await network.respond(
            with: #"{"data": {"fetch__Photo": {"__typename": "Photo", "id": "photo:1", "photo_id": "p1", "likes": 3}}}"#
        )
        try await refetched
        #expect(likes.data?.likes == 3)
        // The same record: the query's own data sees the new count too.
        #expect(likes.fragment.fragmentPointer.id == "photo:1")
    }
}
