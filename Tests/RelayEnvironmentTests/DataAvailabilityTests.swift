import Foundation
import Relay
import Testing

@testable import GoldenTodoList

/// What fetch policies decide on: an operation is available only when the store has every field
/// its response would write, its fragments' included — a query whose own selections are in the
/// store but whose fragment lacks data is fetched (Relay's `environment.check`).
@MainActor
struct DataAvailabilityTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    /// The viewer is known (from the pinned list) but none of the feed's fields are.
    func loadViewerOnly() throws {
        try environment.commitPayload(PinnedTodosQuery(), data: ["viewer": ["id": "me", "pinned": []]])
    }

    @Test func aQueryWhoseFragmentLacksDataIsNotAvailable() throws {
        try loadViewerOnly()
        // Reading the query alone finds its fragment pointer and misses nothing…
        #expect(!environment.lookup(TodoFeedQuery()).isMissingData)
        // …but the fragment's fields are not in the store.
        #expect(!environment.isAvailable(TodoFeedQuery()))
        #expect(environment.isAvailable(PinnedTodosQuery()))
    }

    @Test func storeOrNetworkFetchesWhenAFragmentLacksData() async throws {
        try loadViewerOnly()
        async let fetched = environment.fetchQuery(TodoFeedQuery(), fetchPolicy: .storeOrNetwork)
        await network.waitForPending(1)
        await network.respond(
            with:
                #"{"data": {"viewer": {"id": "me", "openCount": 0, "todos": {"edges": [], "pageInfo": {"hasNextPage": false, "hasPreviousPage": false, "startCursor": null, "endCursor": null}}}}}"#
        )
        _ = try await fetched
        #expect(environment.isAvailable(TodoFeedQuery()))
        await #expect(throws: Never.self) { try await environment.fetchQuery(TodoFeedQuery(), fetchPolicy: .storeOnly) }
    }

    @Test func storeOnlyFailsWhenAFragmentLacksData() async throws {
        try loadViewerOnly()
        await #expect(throws: RelayError.missingData("the store lacks data for TodoFeedQuery")) {
            try await environment.fetchQuery(TodoFeedQuery(), fetchPolicy: .storeOnly)
        }
    }
}
