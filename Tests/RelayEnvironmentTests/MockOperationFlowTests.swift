import Foundation
import Relay
import RelayTesting
import Testing

@testable import GoldenLive
@testable import GoldenScalars

/// relay-test-utils' flow on `MockEnvironment`: requests wait as pending operations until the
/// test resolves, rejects or streams to them, or a queued resolver answers them on arrival.
@MainActor
struct MockOperationFlowTests {
    static let scalars = MockPayloadGeneratorTests.scalars
    let mock = MockEnvironment(
        operations: [AgendaMocksQuery.self, LiveTodoChangedSubscription.self], unanswered: .pending)

    @Test func theMostRecentOperationIsResolvedWithGeneratedData() async throws {
        async let fetched = mock.environment.fetchQuery(AgendaMocksQuery(), fetchPolicy: .networkOnly)
        await mock.network.waitForPendingOperations()
        let operation = try #require(mock.network.mostRecentOperation)
        #expect(operation.name == "AgendaMocksQuery")
        #expect(operation.kind == .query)
        #expect(mock.network.isLoading(operation))
        let generator = MockPayloadGenerator(resolvers: Self.scalars)
        try mock.network.resolveMostRecentOperation { try generator.payload(for: $0) }
        let data = try await fetched
        #expect(data.events.first?.id == "<Event-mock-id-1>")
        #expect(!mock.network.isLoading(operation))
        #expect(mock.network.pendingOperations.isEmpty)
    }

    @Test func theMostRecentOperationIsRejected() async throws {
        async let fetched = mock.environment.fetchQuery(AgendaMocksQuery(), fetchPolicy: .networkOnly)
        await mock.network.waitForPendingOperations()
        try mock.network.rejectMostRecentOperation(RelayError.httpStatus(503, body: ""))
        var failure: Error?
        do { _ = try await fetched } catch { failure = error }
        #expect(failure as? RelayError == .httpStatus(503, body: ""))
    }

    /// A queued resolver answers on arrival, each operation with its own variables; one that
    /// returns nil leaves the operation pending.
    @Test func queuedResolversAnswerOperationsAsTheyArrive() async throws {
        let generator = MockPayloadGenerator(resolvers: Self.scalars)
        mock.network.queueOperationResolver { operation in
            guard operation.variables["withTags"] == false else { return nil }
            return Result { try generator.payload(for: operation) }
        }
        let withoutTags = try await mock.environment.fetchQuery(
            AgendaMocksQuery(withTags: false), fetchPolicy: .networkOnly)
        #expect(withoutTags.events.first?.tags == nil)
        async let withTags = mock.environment.fetchQuery(AgendaMocksQuery(), fetchPolicy: .networkOnly)
        await mock.network.waitForPendingOperations()
        let pending = try #require(mock.network.findOperation { $0.variables["withTags"] == true })
        mock.network.resolve(pending, with: try generator.payload(for: pending))
        #expect(try await withTags.events.first?.tags != nil)
    }

    /// A subscription gets each event with `nextValue` and ends with `complete`.
    @Test func aSubscriptionStreamsUntilCompleted() async throws {
        let events = mock.environment.requestSubscription(LiveTodoChangedSubscription(id: "todo-1"))
        var iterator = events.makeAsyncIterator()
        await mock.network.waitForPendingOperations()
        let operation = try #require(mock.network.mostRecentOperation)
        #expect(operation.kind == .subscription)
        for text in ["first", "second"] {
            mock.network.nextValue(
                operation,
                [
                    "data": [
                        "todoChanged": ["__typename": "Todo", "id": "todo-1", "text": .string(text), "complete": false]
                    ]
                ])
            #expect(try await iterator.next()?.todoChanged.text == text)
        }
        #expect(mock.network.isLoading(operation))
        mock.network.complete(operation)
        #expect(try await iterator.next() == nil)
        #expect(!mock.network.isLoading(operation))
    }

    /// An operation the mock was not given cannot be generated for: a clear error.
    @Test func anUnknownOperationSaysHowToRegisterIt() async throws {
        let bare = MockEnvironment(unanswered: .pending)
        async let fetched = bare.environment.fetchQuery(AgendaMocksQuery(), fetchPolicy: .networkOnly)
        await bare.network.waitForPendingOperations()
        let operation = try #require(bare.network.mostRecentOperation)
        #expect(throws: RelayError.self) { try MockPayloadGenerator().payload(for: operation) }
        bare.network.reject(operation, with: RelayError.transport("done"))
        _ = try? await fetched
    }
}
