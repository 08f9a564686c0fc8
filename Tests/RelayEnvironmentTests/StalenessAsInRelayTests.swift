import Foundation
@_spi(RelayGenerated) import GoldenFetchable
import GoldenIncremental
import GoldenTodo
@_spi(RelayGenerated) import Relay
import Testing

/// Where staleness is easy to get subtly wrong, each case as relay-runtime's tests have it:
/// `RelayModernEnvironment-CheckWithLocalInvalidation-test` (invalidation is checked before
/// missing data), `…-CheckWithGlobalInvalidation-test` (only a response's first payload writes
/// the query), `…-QueryCacheExpirationTime-test` (stale at the expiration time itself:
/// `StalenessTests.dataAsOldAsTheExpirationTimeIsStale`),
/// `RelayModernStore-test`'s release buffer (a query released after its data expired is
/// collected at once) and react-relay's `QueryResource` (`store-and-network` never shows stale
/// data).
extension StalenessTests {
    @Test func anInvalidatedRecordMakesAQueryStaleEvenWithDataMissing() throws {
        // The response lacks `likes`: the query is missing data.
        try environment.commitPayload(
            PhotoLikesQuery(id: "p1"), data: ["node": ["__typename": "Photo", "id": "p1", "photo_id": "p1"]])
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .missing)
        environment.commitLocalUpdate { store in store.get("p1")?.invalidateRecord() }
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .stale)
    }

    @Test func onlyTheFirstPayloadWritesTheQuery() async throws {
        let network = StreamingExecutionTests.StreamingNetwork()
        let clock = clock
        let environment = Environment(network: network) {
            $0.now = { clock.now }
        }
        var updates = environment.execute(IncrementalProfileQuery()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(Data(IncrementalDeliveryTests.first.utf8))
        _ = try await updates.next()
        // Invalidated between the payloads: the later parts do not make the query fresh again.
        environment.commitUpdate { store, _ in store.invalidateStore() }
        request.yield(
            Data(
                #"{"incremental": [{"id": "0", "data": {"bio": "Counts.", "followers": []}}], "completed": [{"id": "0"}], "hasNext": true}"#
                    .utf8))
        _ = try await updates.next()
        request.yield(Data(#"{"completed": [{"id": "1"}], "hasNext": false}"#.utf8))
        request.finish()
        while try await updates.next() != nil {}
        #expect(environment.check(IncrementalProfileQuery()) == .stale)
    }

    @Test func aQueryReleasedAfterItsDataExpiredIsCollectedAtOnce() throws {
        let expiring = environment.retain(PhotoLikesQuery(id: "p1"))
        let fresh = environment.retain(PhotoLikesQuery(id: "p2"))
        try commitPhoto("p1", likes: 3)
        clock.advance(by: 30)
        try commitPhoto("p2", likes: 5)
        clock.advance(by: 30)
        // p1's response is 60 s old, expired: released, it skips the release buffer; p2's stays.
        expiring.dispose()
        fresh.dispose()
        #expect(!environment.records.has("p1"))
        #expect(environment.check(PhotoLikesQuery(id: "p1")) == .missing)
        #expect(environment.records.has("p2"))
        #expect(environment.check(PhotoLikesQuery(id: "p2")) == .available(fetchTime: clock.now - 30))
    }

    @MainActor
    @Test func storeAndNetworkNeverShowsStaleData() async throws {
        async let loaded = environment.fetchQuery(CurrentUserToDoListQuery())
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.listResponse)
        _ = try await loaded
        environment.commitUpdate { store, _ in store.invalidateStore() }
        let query = Query<CurrentUserToDoListQuery>(
            environment: environment, variables: .init(), fetchPolicy: .storeAndNetwork)
        await network.waitForPending(1)
        // However long the store is followed, the invalidated data is not shown.
        for _ in 0..<1_000 where query.data == nil { await Task.yield() }
        guard case .loading = query.state else {
            Issue.record("expected .loading until the server answers, got \(query.state)")
            return
        }
        await network.respond(with: TodoEnvironmentTests.listResponse)
        for _ in 0..<10_000 where query.data == nil { await Task.yield() }
        #expect(query.data?.user?.id == "me")
        #expect(environment.check(CurrentUserToDoListQuery()) == .available(fetchTime: clock.now))
    }
}
