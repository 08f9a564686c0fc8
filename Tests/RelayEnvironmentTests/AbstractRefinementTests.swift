import Foundation
import Relay
import Testing

@testable import GoldenUnions

/// An inline fragment on an interface (`... on Named { name }`) applies to the records whose type
/// implements it: they must have its fields (a store that lacks one is missing data, which
/// `store-or-network` fetches), and records of other types need none. Relay's runtime learns
/// this from the server (`__isNamed: __typename`); relay-swift's compiler writes the types that
/// implement the interface into the artifact. The responses here carry the discriminators the
/// texts ask for, as a server answers them.
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
            data: ["search": [["__typename": "Person", "__isNode": "Person", "id": "p1"], ["__typename": "Thing"]]])
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
            data: [
                "search": [
                    ["__typename": "Person", "__isNode": "Person", "id": "p1"],
                    ["__typename": "Place", "__isNode": "Place", "id": "l1"],
                ]
            ])
        async let fetched = environment.fetchQuery(SearchNamesQuery(text: "a"), fetchPolicy: .storeOrNetwork)
        await network.waitForPending(1)
        await network.respond(
            with:
                #"{"data": {"search": [{"__typename": "Person", "__isNamed": "Person", "name": "Ada", "__isNode": "Person", "id": "p1"}, "#
                + #"{"__typename": "Place", "__isNamed": "Place", "name": "Lyon", "__isNode": "Place", "id": "l1"}]}}"#
        )
        let data = try await fetched
        #expect(data.search.map(\.name) == ["Ada", "Lyon"])
        #expect(environment.isAvailable(SearchNamesQuery(text: "a")))
    }

    /// A server answers the text's type discriminators (Relay's `__isX: __typename`, which the
    /// text asks for): the response is normalised and read exactly as one without them.
    @Test func responsesWithRelaysTypeDiscriminatorsReadTheSame() async throws {
        func load(_ json: String) async throws -> (SearchQuery.Data, SearchNamesQuery.Data?) {
            let network = MockNetwork()
            let environment = Environment(network: network)
            async let data = environment.fetchQuery(SearchQuery(text: "a"))
            await network.waitForPending(1)
            await network.respond(with: json)
            return (try await data, environment.lookup(SearchNamesQuery(text: "a")).data)
        }
        let person = #"{"__typename": "Person", "name": "Ada", "id": "p1"}"#
        let place = #"{"__typename": "Place", "name": "Lyon", "country": "FR", "id": "l1"}"#
        let thing = #"{"__typename": "Thing", "label": "rock"}"#
        let node = #"{"__typename": "Place", "id": "1", "country": "FR"}"#
        func response(_ discriminated: Bool) -> String {
            let isNode = { (type: String) in discriminated ? #", "__isNode": "\#(type)""# : "" }
            return #"{"data": {"search": ["#
                + [person.dropLast() + isNode("Person") + "}", place.dropLast() + isNode("Place") + "}", thing]
                .joined(separator: ", ") + #"], "node": \#(node)}}"#
        }
        let plain = try await load(response(false))
        let discriminated = try await load(response(true))
        #expect(response(true).contains(#""__isNode": "Person""#))
        #expect(discriminated.0 == plain.0)
        #expect(discriminated.1 == plain.1 && plain.1 != nil)
        #expect(plain.0.search.count == 3)
    }
}
