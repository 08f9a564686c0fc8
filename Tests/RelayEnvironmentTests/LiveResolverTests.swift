import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@_spi(RelayGenerated) @testable import GoldenResolvers

/// `@live` Relay Resolvers over the app's state `Store`, on the `resolvers` golden case (after
/// relay-runtime's live resolver tests): a live field reads the store's state; a commit that
/// changes the part it reads reaches every snapshot reading it, read once however many read it;
/// a commit elsewhere reads nothing again; a change of the root fragment runs the resolver
/// again on a new live state; garbage collection ends the subscriptions of the records it
/// removes.
///
/// The state store and the counters are the case's globals, so the tests run one at a time,
/// each with its own records, resetting the state first and counting from where they start.
/// A commit tells the store's observers before it returns, and those read the GraphQL data
/// again before that, so counts are checked right after a commit.
@Suite(.serialized)
struct LiveResolverTests {
    let network = MockNetwork()
    let environment: Environment
    let counts = LiveResolverCounts.shared

    init() {
        environment = Environment(network: network)
        sessionStore.commit {
            $0.unreadCount = 0
            $0.currentCityID = nil
            $0.theme = "light"
        }
    }

    func fetch(user id: String, city: String) async throws -> SessionViewQuery.Data {
        async let fetched = environment.fetchQuery(SessionViewQuery(id: id))
        await network.waitForPending(1)
        await network.respond(
            with: #"{"data": {"user": {"id": "\#(id)", "firstName": "Ada", "city": {"id": "\#(city)"}}}}"#)
        return try await fetched
    }

    @Test func theServerGetsOnlyTheRootFragment() async throws {
        async let fetched = environment.fetchQuery(SessionViewQuery(id: "text-1"))
        await network.waitForPending(1)
        let text = (await network.sentTexts.first ?? nil) ?? ""
        #expect(text.contains("...UserNearbyResolver") && !text.contains("isNearby") && !text.contains("unreadBadge"))
        await network.respond(with: #"{"data": {"user": {"id": "text-1", "firstName": "Ada", "city": null}}}"#)
        _ = try await fetched
    }

    @Test func aCommitThatChangesWhatALiveFieldReadsReachesTheSnapshot() async throws {
        let data = try await fetch(user: "commit-1", city: "lyon")
        #expect(data.unreadBadge == "" && data.user?.isNearby == false)
        var snapshots = environment.subscribe(SessionViewQuery(id: "commit-1")).makeAsyncIterator()
        #expect(await snapshots.next()?.data?.unreadBadge == "")
        sessionStore.commit { $0.unreadCount = 3 }
        #expect(await snapshots.next()?.data?.unreadBadge == "3")
        sessionStore.commit { $0.currentCityID = "lyon" }
        let nearby = await snapshots.next()?.data
        #expect(nearby?.user?.isNearby == true && nearby?.unreadBadge == "3")
        sessionStore.commit { $0.unreadCount = 120 }
        #expect(await snapshots.next()?.data?.unreadBadge == "99+")
    }

    @Test func aCommitElsewhereInTheStateReadsNothingAgain() async throws {
        _ = try await fetch(user: "elsewhere-1", city: "lyon")
        var snapshots = environment.subscribe(SessionViewQuery(id: "elsewhere-1")).makeAsyncIterator()
        _ = await snapshots.next()
        let before = counts.now
        for theme in ["dark", "sepia", "light"] { sessionStore.commit { $0.theme = theme } }
        // The live fields' counters only: the resolver model tests, which may run meanwhile,
        // count theirs in the same globals.
        #expect(counts.now.badgeComputations == before.badgeComputations)
        #expect(counts.now.nearbyReads == before.nearbyReads)
        #expect(counts.now.nearbySubscriptions == before.nearbySubscriptions)
        // A change of the count: the memoized badge computed once, the other live field not read.
        sessionStore.commit { $0.unreadCount = 1 }
        #expect(await snapshots.next()?.data?.unreadBadge == "1")
        #expect(counts.now.badgeComputations == before.badgeComputations + 1)
        #expect(counts.now.nearbyReads == before.nearbyReads)
    }

    @Test func aThousandSnapshotsReadingALiveFieldReadItOncePerChange() async throws {
        _ = try await fetch(user: "many-1", city: "oslo")
        let resolver = UserNearbyResolver.resolver_User_isNearby
        var streams = (0..<1_000).map { _ in environment.subscribe(SessionViewQuery(id: "many-1")).makeAsyncIterator() }
        for index in streams.indices { #expect(await streams[index].next()?.data?.user?.isNearby == false) }
        let before = counts.now
        let evaluations = resolver.evaluationCount
        sessionStore.commit { $0.currentCityID = "oslo" }
        for index in streams.indices { #expect(await streams[index].next()?.data?.user?.isNearby == true) }
        #expect(counts.now.nearbyReads == before.nearbyReads + 1)
        #expect(resolver.evaluationCount == evaluations)
        sessionStore.commit { $0.theme = "dark" }
        #expect(counts.now.nearbyReads == before.nearbyReads + 1)
    }

    @Test func aChangeOfTheRootFragmentRunsTheResolverAgainOnANewLiveState() async throws {
        _ = try await fetch(user: "move-1", city: "lyon")
        sessionStore.commit { $0.currentCityID = "oslo" }
        let resolver = UserNearbyResolver.resolver_User_isNearby
        var snapshots = environment.subscribe(SessionViewQuery(id: "move-1")).makeAsyncIterator()
        #expect(await snapshots.next()?.data?.user?.isNearby == false)
        let subscriptions = counts.now.nearbySubscriptions
        let evaluations = resolver.evaluationCount
        environment.commitLocalUpdate { store in
            let oslo = store.create(dataID: "oslo", typename: "City")
            oslo.setValue("oslo", "id")
            oslo.setValue("Oslo", "name")
            store.get("move-1")?.setLinkedRecord(oslo, "city")
        }
        #expect(await snapshots.next()?.data?.user?.isNearby == true)
        #expect(resolver.evaluationCount == evaluations + 1)
        // The old live state's subscription ended when the new one began.
        #expect(counts.now.nearbySubscriptions == subscriptions)
        // And the new one is the one that tells.
        sessionStore.commit { $0.currentCityID = "lyon" }
        #expect(await snapshots.next()?.data?.user?.isNearby == false)
    }

    @Test func garbageCollectionEndsTheSubscriptionsOfTheRecordsItRemoves() async throws {
        let start = counts.now.nearbySubscriptions
        _ = try await fetch(user: "gone-1", city: "lyon")
        #expect(environment.lookup(SessionViewQuery(id: "gone-1")).data?.user?.isNearby == false)
        #expect(counts.now.nearbySubscriptions == start + 1)
        // Nothing retains the query or reads it: the user goes, and its live state with it.
        #expect(environment.collectGarbage() > 0)
        #expect(counts.now.nearbySubscriptions == start)
        sessionStore.commit { $0.currentCityID = "lyon" }
        #expect(counts.now.nearbySubscriptions == start)
    }
}
