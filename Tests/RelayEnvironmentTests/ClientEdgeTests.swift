import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@_spi(RelayGenerated) @testable import GoldenResolvers

/// Client edges to server objects on the `resolvers` golden case (after relay-runtime's client
/// edge tests): `User.bestFriend` is a Relay Resolver giving a user's id, and
/// `bestFriend @waterfall { … }` reads that user's record. The server gets the resolver's root
/// fragment; a friend the store lacks is missing data until the edge's own query,
/// `ClientEdgeQuery_FriendQuery_user__bestFriend`, fetches it — which a subscription reading
/// the edge does by itself, once, as Relay's waterfall; the edge follows the id as it changes, and
/// a subscription sees the friend's record change.
struct ClientEdgeTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    func user(_ id: String, firstName: String, bestFriend: String?) -> VariableValue {
        [
            "id": .string(id), "firstName": .string(firstName),
            "bestFriendID": bestFriend.map { .string($0) } ?? .null,
        ]
    }

    @Test func theServerGetsTheRootFragmentAndTheEdgeHasItsOwnQuery() async throws {
        async let fetched = environment.fetchQuery(FriendQuery(id: "u1"))
        await network.waitForPending(1)
        let text = (await network.sentTexts.first ?? nil) ?? ""
        #expect(text.contains("...UserBestFriendResolver") && !text.contains("bestFriend "))
        await network.respond(with: #"{"data": {"user": {"id": "u1", "firstName": "Ada", "bestFriendID": null}}}"#)
        _ = try await fetched
        #expect(ClientEdgeQuery_FriendQuery_user__bestFriend.node.params.text?.contains("node(id: $id)") == true)
    }

    @Test func aFriendTheStoreLacksIsMissingDataUntilTheEdgesQueryFetchesIt() async throws {
        try environment.commitPayload(
            FriendQuery(id: "u1"), data: ["user": user("u1", firstName: "Ada", bestFriend: "u2")])
        let before = environment.lookup(FriendQuery(id: "u1"))
        #expect(before.isMissingData)
        #expect(before.data?.user?.bestFriend == nil)
        try environment.commitPayload(
            ClientEdgeQuery_FriendQuery_user__bestFriend(id: "u2"),
            data: [
                "node": [
                    "__typename": "User", "id": "u2", "firstName": "Grace", "city": ["id": "c2", "name": "Arlington"],
                ]
            ])
        let after = environment.lookup(FriendQuery(id: "u1"))
        #expect(!after.isMissingData)
        #expect(after.data?.user?.bestFriend?.firstName == "Grace")
        #expect(after.data?.user?.bestFriend?.city?.name == "Arlington")
    }

    @Test func theEdgeFollowsTheIdAndASubscriptionSeesTheFriendsRecordChange() async throws {
        try environment.commitPayload(
            FriendQuery(id: "u1"), data: ["user": user("u1", firstName: "Ada", bestFriend: "u2")])
        for (id, name) in [("u2", "Grace"), ("u3", "Edsger")] {
            try environment.commitPayload(
                ClientEdgeQuery_FriendQuery_user__bestFriend(id: id),
                data: ["node": ["__typename": "User", "id": .string(id), "firstName": .string(name), "city": .null]])
        }
        var snapshots = environment.subscribe(FriendQuery(id: "u1")).makeAsyncIterator()
        #expect(await snapshots.next()?.data?.user?.bestFriend?.firstName == "Grace")
        environment.commitLocalUpdate { store in store.get("u2")?.setValue("Grace H.", "firstName") }
        #expect(await snapshots.next()?.data?.user?.bestFriend?.firstName == "Grace H.")
        environment.commitLocalUpdate { store in store.get("u1")?.setValue("u3", "bestFriendID") }
        #expect(await snapshots.next()?.data?.user?.bestFriend?.firstName == "Edsger")
        environment.commitLocalUpdate { store in store.get("u1")?.setValue(.null, "bestFriendID") }
        let none = await snapshots.next()?.data?.user
        #expect(none?.firstName == "Ada" && none?.bestFriend == nil)
    }

    @Test func aSubscriptionFetchesTheRecordOfAnEdgeTheStoreLacksOnce() async throws {
        try environment.commitPayload(
            FriendQuery(id: "u1"), data: ["user": user("u1", firstName: "Ada", bestFriend: "u2")])
        // Several subscriptions reading the edge: one request for the friend's record.
        var snapshots = environment.subscribe(FriendQuery(id: "u1")).makeAsyncIterator()
        let others = (0..<3).map { _ in environment.subscribe(FriendQuery(id: "u1")) }
        #expect(await snapshots.next()?.isMissingData == true)
        await network.waitForPending(1)
        let sent = await network.sentTexts
        #expect(sent.count == 1)
        #expect(sent.first??.contains("query ClientEdgeQuery_FriendQuery_user__bestFriend(\n  $id: ID!\n)") == true)
        #expect(await network.sentVariables.first?["id"] == .string("u2"))
        await network.respond(
            with: #"{"data": {"node": {"__typename": "User", "id": "u2", "firstName": "Grace", "city": null}}}"#)
        let after = await snapshots.next()
        #expect(after?.isMissingData == false && after?.data?.user?.bestFriend?.firstName == "Grace")
        withExtendedLifetime(others) {}
    }
}
