import Foundation
@_spi(RelayGenerated) import GoldenFetchable
@_spi(RelayGenerated) import Relay
import Testing

/// Staleness and invalidation, after relay-runtime's `check` and invalidation tests
/// (`RelayModernStore-test`, `RelayModernEnvironment-CheckWithGlobalInvalidation-test`,
/// `…-CheckWithLocalInvalidation-test`, `…-SubscribeToInvalidationState-test`): an operation's
/// data is available with its fetch time, stale once the store or a record it reaches is
/// invalidated after its response was written, or once it is older than the query cache
/// expiration time; fetch policies fetch stale data again; invalidation subscriptions hear
/// of the records they name; garbage collection forgets the marks of what it removes.
struct StalenessTests {
    let network = MockNetwork()
    let clock = TestClock()
    let environment: Environment

    init() {
        let clock = clock
        environment = Environment(network: network) {
            $0.queryCacheExpirationTime = 60
            $0.now = { clock.now }
        }
    }

    func commitPhoto(_ id: String, likes: Int) throws {
        try environment.commitPayload(
            PhotoLikesQuery(id: id),
            data: ["node": ["__typename": "Photo", "id": .string(id), "photo_id": .string(id), "likes": .int(likes)]])
    }

    func commitWeather(_ city: String) throws {
        try environment.commitPayload(
            WeatherCardQuery(city: city),
            data: ["weather": ["city": .string(city), "temperature": 21, "report_id": .string("r-\(city)")]])
    }

    @Test func availableWithTheTimeOfItsResponseMissingWithout() throws {
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .missing)
        try commitPhoto("p1", likes: 3)
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .available(fetchTime: clock.now))
        // Other variables are another operation.
        #expect(environment.check(PhotoLikesQuery(id: "p2")) == .missing)
    }

    @Test func invalidatingTheStoreMakesWhatWasWrittenBeforeStale() throws {
        try commitPhoto("p1", likes: 3)
        try commitWeather("Paris")
        environment.commitUpdate { store, _ in store.invalidateStore() }
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .stale)
        #expect(environment.check(WeatherCardQuery(city: "Paris")) == .stale)
        // Written again after: fresh; the data stays readable meanwhile.
        #expect(environment.lookup(WeatherCardQuery(city: "Paris")).data?.weather != nil)
        try commitWeather("Paris")
        #expect(environment.check(WeatherCardQuery(city: "Paris")) == .available(fetchTime: clock.now))
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .stale)
    }

    @Test func invalidatingARecordMakesTheOperationsReachingItStale() throws {
        try commitPhoto("p1", likes: 3)
        try commitPhoto("p2", likes: 5)
        environment.commitLocalUpdate { store in store.get("p1")?.invalidateRecord() }
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .stale)
        #expect(environment.check(PhotoLikesQuery(id: "p2")) == .available(fetchTime: clock.now))
        try commitPhoto("p1", likes: 4)
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .available(fetchTime: clock.now))
    }

    /// Stale from exactly the expiration time on, as Relay's `fetchTime <= now - expiration`.
    @Test func dataAsOldAsTheExpirationTimeIsStale() throws {
        let written = clock.now
        try commitPhoto("p1", likes: 3)
        clock.advance(by: 59.5)
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .available(fetchTime: written))
        clock.advance(by: 0.5)
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .stale)
    }

    @Test func storeOrNetworkFetchesStaleDataAgainAndStoreOnlyShowsIt() async throws {
        try commitPhoto("p1", likes: 3)
        environment.commitLocalUpdate { store in store.get("p1")?.invalidateRecord() }
        let shown = try await environment.fetchQuery(PhotoLikesQuery(id: "p1"), fetchPolicy: .storeOnly)
        #expect(shown.node?.PhotoLikes_photo != nil)
        async let fetched = environment.fetchQuery(PhotoLikesQuery(id: "p1"), fetchPolicy: .storeOrNetwork)
        await network.waitForPending(1)
        await network.respond(
            with: #"{"data": {"node": {"__typename": "Photo", "id": "p1", "photo_id": "p1", "likes": 4}}}"#)
        _ = try await fetched
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .available(fetchTime: clock.now))
        // Fresh now: no request.
        _ = try await environment.fetchQuery(PhotoLikesQuery(id: "p1"), fetchPolicy: .storeOrNetwork)
        #expect(await network.sentTexts.count == 1)
    }

    @Test func anOptimisticUpdatersInvalidationDoesNotCount() async throws {
        try commitPhoto("p1", likes: 3)
        let mutation = Task { [environment] in
            try await environment.commitMutation(
                PhotoLikesQuery(id: "p1"), optimisticUpdater: { store, _ in store.invalidateStore() })
        }
        await network.waitForPending(1)
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .available(fetchTime: clock.now))
        await network.fail()
        _ = await mutation.result
    }

    @Test func invalidationSubscriptionsHearOfTheRecordsTheyName() async throws {
        try commitPhoto("p1", likes: 3)
        try commitPhoto("p2", likes: 5)
        var invalidations = environment.subscribeToInvalidationState(["p1", "p3"]).makeAsyncIterator()
        // Told before `commit` returns, in order; a record it does not name tells nothing.
        environment.commitLocalUpdate { store in store.get("p2")?.invalidateRecord() }
        environment.commitLocalUpdate { store in store.get("p1")?.invalidateRecord() }
        environment.commitUpdate { store, _ in store.invalidateStore() }
        #expect(await invalidations.next() == ["p1"])
        #expect(await invalidations.next() == ["p1", "p3"])
    }

    @Test func garbageCollectionForgetsTheMarksOfTheRecordsItRemoves() throws {
        let retained = environment.retain(PhotoLikesQuery(id: "p2"))
        defer { retained.dispose() }
        try commitPhoto("p1", likes: 3)
        try commitPhoto("p2", likes: 5)
        environment.commitLocalUpdate { store in
            store.get("p1")?.invalidateRecord()
            store.get("p2")?.invalidateRecord()
        }
        #expect(environment.collectGarbage() > 0)
        // The retained query's record stays, and stays stale.
        #expect(environment.check(PhotoLikesQuery(id: "p2")) == .stale)
        #expect(!environment.records.has("p1"))
        // A record written again after its collection has no mark left: written by another
        // query, it is fresh for the one that reaches it too (which no write of its own dates).
        try environment.commitPayload(
            PhotoLikesRefetchQuery(id: "p1"),
            data: ["fetch__Photo": ["__typename": "Photo", "id": "p1", "photo_id": "p1", "likes": 4]])
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .available(fetchTime: nil))
    }
}

/// A clock a test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.withLock { time } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { time += seconds }
    }
}
