import Foundation
import Relay
import Testing

@testable import GoldenUnions

/// An inline fragment on an interface (`... on Named { name }`) applies to the records whose type
/// implements it: they must have its fields (a store that lacks one is missing data, which
/// `store-or-network` fetches), and records of other types need none. Relay's runtime learns
/// this from the server (`__isNamed: __typename`); relay-swift's compiler writes the types that
/// implement the interface into the artifact.
@MainActor
struct AbstractRefinementTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    @Test func aRecordOfAnImplementingTypeWithoutTheFieldsIsMissingData() throws {
        try environment.commitPayload(
            SearchIdsQuery(text: "a"),
            data: ["search": [["__typename": "Person", "id": "p1"], ["__typename": "Thing"]]])
        #expect(!environment.isAvailable(SearchNamesQuery(text: "a")))
        #expect(environment.lookup(SearchNamesQuery(text: "a")).isMissingData)
    }

    @Test func recordsOfOtherTypesNeedNone() throws {
        try environment.commitPayload(
            SearchIdsQuery(text: "a"), data: ["search": [["__typename": "Thing"], ["__typename": "Thing"]]])
        #expect(environment.isAvailable(SearchNamesQuery(text: "a")))
        let snapshot = environment.lookup(SearchNamesQuery(text: "a"))
        #expect(!snapshot.isMissingData)
        #expect(snapshot.data?.search.map(\.name) == [nil, nil])
    }

    @Test func storeOrNetworkFetchesTheMissingNamesAndReadsThem() async throws {
        try environment.commitPayload(
            SearchIdsQuery(text: "a"),
            data: ["search": [["__typename": "Person", "id": "p1"], ["__typename": "Place", "id": "l1"]]])
        async let fetched = environment.fetchQuery(SearchNamesQuery(text: "a"), fetchPolicy: .storeOrNetwork)
        await network.waitForPending(1)
        await network.respond(
            with:
                #"{"data": {"search": [{"__typename": "Person", "name": "Ada", "id": "p1"}, {"__typename": "Place", "name": "Lyon", "id": "l1"}]}}"#
        )
        let data = try await fetched
        #expect(data.search.map(\.name) == ["Ada", "Lyon"])
        #expect(environment.isAvailable(SearchNamesQuery(text: "a")))
    }
}
