import Foundation
import Testing

@testable import GoldenIncremental
@_spi(RelayGenerated) @testable import Relay

/// `@defer` and `@stream` at run time, against a network that delivers the parts of a response
/// when the test says: each part lands where its path leads, in either form servers send, and
/// the data is complete at every step (a deferred fragment's key nil until its part arrives).
struct IncrementalDeliveryTests {
    typealias Network = StreamingExecutionTests.StreamingNetwork

    let network = Network()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    static let first = """
        {"data": {"viewer": {"id": "me", "name": "Ada", "posts": [{"id": "p1", "title": "One", "likes": 1}]}},
         "pending": [{"id": "0", "path": ["viewer"], "label": "IncrementalProfileQuery$defer$IncrementalProfileBio_user"},
                     {"id": "1", "path": ["viewer", "posts"], "label": "IncrementalProfileQuery$stream$posts"}],
         "hasNext": true}
        """

    func bio(_ data: IncrementalProfileQuery.Data?) -> String?? {
        guard let key = data?.viewer?.IncrementalProfileBio_user else { return nil }
        return .some(environment.lookup(IncrementalProfileBio_user(key: key)).data?.bio)
    }

    func titles(_ data: IncrementalProfileQuery.Data?) -> [String] {
        (data?.viewer?.posts ?? []).compactMap { environment.lookup(IncrementalProfilePost_post(key: $0)).data?.title }
    }

    @Test func theInitialPayloadComesFirstThenEachPartLandsAsItArrives() async throws {
        #expect(IncrementalProfileQuery.node.params.isIncremental)
        var updates = environment.execute(IncrementalProfileQuery()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(Data(Self.first.utf8))
        let initial = try await updates.next()
        #expect(initial?.viewer?.name == "Ada")
        #expect(initial?.viewer?.IncrementalProfileBio_user == nil)
        #expect(titles(initial) == ["One"])

        request.yield(
            Data(
                #"{"incremental": [{"id": "0", "data": {"bio": "Counts.", "followers": [{"id": "u2", "name": "Charles"}]}}], "completed": [{"id": "0"}], "hasNext": true}"#
                    .utf8))
        let deferred = try await updates.next()
        #expect(bio(deferred) == .some("Counts."))
        #expect(titles(deferred) == ["One"])

        request.yield(
            Data(
                #"{"incremental": [{"id": "1", "items": [{"id": "p2", "title": "Two", "likes": 2}]}], "hasNext": true}"#
                    .utf8))
        #expect(titles(try await updates.next()) == ["One", "Two"])
        request.yield(
            Data(
                #"{"incremental": [{"id": "1", "items": [{"id": "p3", "title": "Three", "likes": 3}, {"id": "p4", "title": "Four", "likes": 4}]}], "completed": [{"id": "1"}], "hasNext": false}"#
                    .utf8))
        #expect(titles(try await updates.next()) == ["One", "Two", "Three", "Four"])
        request.finish()
        #expect(try await updates.next() == nil)
    }

    @Test func theEarlierFormOfTheProposalLandsToo() async throws {
        var updates = environment.execute(IncrementalProfileQuery()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(
            Data(
                #"{"data": {"viewer": {"id": "me", "name": "Ada", "posts": [{"id": "p1", "title": "One", "likes": 1}]}}, "hasNext": true}"#
                    .utf8))
        #expect(try await updates.next()?.viewer?.IncrementalProfileBio_user == nil)
        // A streamed item with its index last in the path, then a deferred fragment by path.
        request.yield(
            Data(
                #"{"incremental": [{"items": [{"id": "p2", "title": "Two", "likes": 2}], "path": ["viewer", "posts", 1], "label": "IncrementalProfileQuery$stream$posts"}], "hasNext": true}"#
                    .utf8))
        #expect(titles(try await updates.next()) == ["One", "Two"])
        request.yield(
            Data(
                #"{"data": {"bio": "Counts.", "followers": []}, "path": ["viewer"], "label": "IncrementalProfileQuery$defer$IncrementalProfileBio_user", "hasNext": false}"#
                    .utf8))
        #expect(bio(try await updates.next()) == .some("Counts."))
        request.finish()
    }

    /// In the earlier form a part's path ends with an index both for a streamed item and for a
    /// deferred fragment on a list's item; as in Relay, the label tells them apart (the
    /// compiler's `$defer$` labels): the item gets the fragment's fields, the list keeps its items.
    @Test func aDeferredFragmentOnAListItemIsNotAStreamedItem() async throws {
        var updates = environment.execute(IncrementalTimelineQuery()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(
            Data(
                #"{"data": {"viewer": {"id": "me", "followers": [{"id": "u1", "name": "Ada"}, {"id": "u2", "name": "Charles"}]}}, "hasNext": true}"#
                    .utf8))
        #expect(try await updates.next()?.viewer?.followers.count == 2)
        request.yield(
            Data(
                #"{"data": {"posts": [{"id": "p1", "title": "Engines"}]}, "path": ["viewer", "followers", 1], "label": "IncrementalTimelineQuery$defer$posts", "hasNext": false}"#
                    .utf8))
        let followers = try await updates.next()?.viewer?.followers ?? []
        #expect(followers.map(\.name) == ["Ada", "Charles"])
        let key = followers.last?.IncrementalTimelinePosts_user
        let posts = key.flatMap { environment.lookup(IncrementalTimelinePosts_user(key: $0)).data?.posts }
        #expect(posts?.map(\.title) == ["Engines"])
        request.finish()
    }

    @Test func aServerThatSendsADeferredFragmentAtOnceGivesItsKeyAtOnce() async throws {
        var updates = environment.execute(IncrementalProfileQuery(withBio: false)).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(
            Data(
                #"{"data": {"viewer": {"id": "me", "name": "Ada", "bio": "Counts.", "followers": [], "posts": []}}}"#
                    .utf8))
        request.finish()
        #expect(bio(try await updates.next()) == .some("Counts."))
    }

    @Test func aQueryFollowingTheStoreSeesTheDeferredPartArrive() async throws {
        let operation = IncrementalProfileQuery()
        var snapshots = environment.subscribe(operation).makeAsyncIterator()
        _ = await snapshots.next()  // nothing yet
        let execution = Task { for try await _ in environment.execute(operation) {} }
        let request = await network.nextRequest()
        request.yield(Data(Self.first.utf8))
        var snapshot = await snapshots.next()
        #expect(snapshot?.isMissingData == false)
        #expect(snapshot?.data?.viewer?.IncrementalProfileBio_user == nil)
        request.yield(
            Data(#"{"incremental": [{"id": "0", "data": {"bio": "Counts.", "followers": []}}], "hasNext": false}"#.utf8)
        )
        snapshot = await snapshots.next()
        #expect(bio(snapshot?.data) == .some("Counts."))
        request.finish()
        try await execution.value
    }

    @Test func aPartUnderASubPathLandsBelowItsPendingPath() async throws {
        var updates = environment.execute(IncrementalProfileQuery()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(
            Data(
                #"{"data": {"viewer": {"id": "me", "name": "Ada", "posts": [{"id": "p1"}]}}, "pending": [{"id": "a", "path": []}], "hasNext": true}"#
                    .utf8))
        _ = try await updates.next()
        request.yield(
            Data(
                #"{"incremental": [{"id": "a", "subPath": ["viewer", "posts", 0], "data": {"title": "One", "likes": 1}}], "hasNext": false}"#
                    .utf8))
        #expect(titles(try await updates.next()) == ["One"])
        request.finish()
    }

    @Test func aLaterPartBeforeTheFirstPayloadIsAnError() async throws {
        var updates = environment.execute(IncrementalProfileQuery()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(Data(#"{"incremental": [], "hasNext": true}"#.utf8))
        await #expect(throws: RelayError.self) { _ = try await updates.next() }
    }

    /// A server without incremental delivery rejects the directives in validation; the error
    /// names the directive and says what the server lacks, whatever form the refusal takes.
    @Test(arguments: [
        #"{"errors": [{"message": "Unknown directive \"@defer\".", "locations": [{"line": 1, "column": 40}]}]}"#,
        #"{"errors": [{"message": "Unknown directive '@defer'."}, {"message": "Unknown directive '@stream'."}]}"#,
        #"{"errors": [{"message": "The directive `defer` is not supported by the current schema."}]}"#,
    ])
    func aServerWithoutIncrementalDeliverySaysSo(response: String) async throws {
        var updates = environment.execute(IncrementalProfileQuery()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(Data(response.utf8))
        request.finish()
        do {
            _ = try await updates.next()
            Issue.record("expected the refusal to fail the request")
        } catch let error as RelayError {
            guard case .incrementalDeliveryUnsupported(let directive, let errors) = error else {
                Issue.record("expected .incrementalDeliveryUnsupported, got \(error)")
                return
            }
            #expect(directive == "defer")
            #expect(errors.first?.message.contains("defer") == true)
            #expect(error.description.hasPrefix("the server rejected @defer: it does not support incremental delivery"))
            #expect(error.localizedDescription == error.description)
        }
    }

    @Test func aRefusalInAnHTTPErrorBodyIsExplainedToo() {
        let refusal = RelayError.httpStatus(400, body: #"{"errors": [{"message": "Unknown directive \"@stream\"."}]}"#)
        #expect(
            RelayError.explainingIncrementalDeliveryRefusal(refusal)
                == .incrementalDeliveryUnsupported(
                    directive: "stream", errors: [GraphQLError(message: #"Unknown directive "@stream"."#)]))
        // Other errors are left as they are.
        let other = RelayError.graphQL([GraphQLError(message: "Cannot query field \"nmae\" on type \"User\".")])
        #expect(RelayError.explainingIncrementalDeliveryRefusal(other) == other)
        let deferMentioned = RelayError.graphQL([
            GraphQLError(message: "@defer and @stream need an Accept header with multipart/mixed")
        ])
        #expect(RelayError.explainingIncrementalDeliveryRefusal(deferMentioned) == deferMentioned)
    }

    @Test func errorsOfALaterPartStayWithTheFieldsTheyNullOut() async throws {
        var updates = environment.execute(IncrementalProfileQuery()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(Data(Self.first.utf8))
        _ = try await updates.next()
        request.yield(
            Data(
                #"{"incremental": [{"id": "0", "data": {"bio": null, "followers": []}, "errors": [{"message": "bio service down", "path": ["viewer", "bio"]}]}], "hasNext": false}"#
                    .utf8))
        let data = try await updates.next()
        let key = try #require(data?.viewer?.IncrementalProfileBio_user)
        let snapshot = environment.lookup(IncrementalProfileBio_user(key: key))
        #expect(snapshot.data?.bio == nil)
        #expect(snapshot.fieldErrors.map(\.message) == ["bio service down"])
        request.finish()
    }
}

/// `requestSubscription`: every event is written into the store (with the updater) and its data
/// handed on; disposing unsubscribes.
struct SubscriptionExecutionTests {
    let network = StreamingExecutionTests.StreamingNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    static func event(_ index: Int) -> Data {
        Data(#"{"data": {"postAdded": {"id": "p\#(index)", "title": "Post \#(index)", "likes": \#(index)}}}"#.utf8)
    }

    @Test func everyEventIsInTheStoreWhenItsDataArrives() async throws {
        let counted = Counter()
        var events = environment.requestSubscription(
            IncrementalPostAddedSubscription(),
            updater: { store, _ in
                counted.increment()
                store.root.setValue(.int(counted.value), "postsSeen")
            }
        ).makeAsyncIterator()
        let request = await network.nextRequest()
        for index in 1...5 {
            request.yield(Self.event(index))
            let data = try #require(try await events.next())
            let post = environment.lookup(IncrementalPostAdded_post(key: data.postAdded)).data
            #expect(post?.title == "Post \(index)")
            #expect(environment.records[.root]?["postsSeen"] == .scalar(.int(index)))
        }
        request.finish()
        #expect(try await events.next() == nil)
    }

    @Test func theServersErrorEndsTheSubscriptionWithIt() async throws {
        var events = environment.requestSubscription(IncrementalPostAddedSubscription()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(Self.event(1))
        _ = try await events.next()
        request.finish(throwing: RelayError.graphQL([GraphQLError(message: "not allowed")]))
        await #expect(throws: RelayError.self) { _ = try await events.next() }
    }

    @Test func aSubscriptionCompletedBeforeAnyEventEndsWithoutAnError() async throws {
        var events = environment.requestSubscription(IncrementalPostAddedSubscription()).makeAsyncIterator()
        await network.nextRequest().finish()
        #expect(try await events.next() == nil)
    }

    @Test func disposingUnsubscribesAndCallsNothingMore() async throws {
        let received = Counter()
        let ended = Counter()
        let subscription = environment.requestSubscription(
            IncrementalPostAddedSubscription(), onNext: { _ in received.increment() },
            onError: { _ in ended.increment() }, onCompleted: { ended.increment() })
        let request = await network.nextRequest()
        let stopped = Counter()
        request.onTermination = { _ in stopped.increment() }
        request.yield(Self.event(1))
        while received.value < 1 { await Task.yield() }
        subscription.dispose()
        while stopped.value < 1 { await Task.yield() }
        #expect(ended.value == 0)
    }
}

/// `ObservedSubscription`, the `@Observable` form: the latest event, a count, and how it ended.
@MainActor
struct ObservedSubscriptionTests {
    let network = StreamingExecutionTests.StreamingNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    @Test func itKeepsTheLatestEventAndEndsWithTheServersError() async throws {
        let observed = ObservedSubscription(environment: environment, operation: IncrementalPostAddedSubscription())
        guard case .subscribed = observed.state else {
            Issue.record("not waiting: \(observed.state)")
            return
        }
        let request = await network.nextRequest()
        request.yield(SubscriptionExecutionTests.event(1))
        request.yield(SubscriptionExecutionTests.event(2))
        while observed.eventCount < 2 { await Task.yield() }
        let key = try #require(observed.latest?.postAdded)
        #expect(environment.lookup(IncrementalPostAdded_post(key: key)).data?.title == "Post 2")
        guard case .receiving = observed.state else {
            Issue.record("not receiving: \(observed.state)")
            return
        }
        request.finish(throwing: RelayError.graphQL([GraphQLError(message: "not allowed")]))
        while observed.error == nil { await Task.yield() }
        #expect(observed.error as? RelayError == .graphQL([GraphQLError(message: "not allowed")]))
    }

    @Test func stoppingUnsubscribesAndCompletionIsAState() async throws {
        let observed = ObservedSubscription(environment: environment, operation: IncrementalPostAddedSubscription())
        let request = await network.nextRequest()
        let stopped = Counter()
        request.onTermination = { _ in stopped.increment() }
        observed.stop()
        for _ in 0..<100_000 where stopped.value < 1 { await Task.yield() }
        #expect(stopped.value == 1)
        guard case .subscribed = observed.state else {
            Issue.record("changed: \(observed.state)")
            return
        }

        let completing = ObservedSubscription(environment: environment, operation: IncrementalPostAddedSubscription())
        let second = await network.nextRequest()
        second.yield(SubscriptionExecutionTests.event(1))
        second.finish()
        for _ in 0..<100_000 {
            if case .receiving = completing.state {
                await Task.yield()
            } else if case .subscribed = completing.state {
                await Task.yield()
            } else {
                break
            }
        }
        guard case .completed = completing.state else {
            Issue.record("not completed: \(completing.state)")
            return
        }
    }
}

/// A count shared with `@Sendable` closures.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
