import Foundation
import Relay
import RelayTesting
import Testing

@testable import GoldenTodoList

/// The test double apps use: cached payloads read without a request, mocked answers and
/// failures per operation, and answers held until released (a screen's loading state).
@MainActor
struct MockEnvironmentTests {
    let mock = MockEnvironment()

    static let pinned = #"{"viewer": {"id": "me", "pinned": [{"id": "todo-1", "text": "Buy milk"}]}}"#

    @Test func aCachedPayloadIsReadWithoutARequest() async throws {
        try mock.cachePayload(PinnedTodosQuery(), json: Self.pinned)
        let data = try await mock.environment.fetchQuery(PinnedTodosQuery(), fetchPolicy: .storeOnly)
        #expect(data.viewer?.id == "me")
        // Kept across garbage collection for the mock's lifetime.
        mock.environment.collectGarbage()
        #expect(mock.environment.lookup(PinnedTodosQuery()).data?.viewer?.pinned.count == 1)
        #expect(mock.network.requests.isEmpty)
    }

    @Test func aMockedResponseAnswersEveryRequestForItsOperation() async throws {
        try mock.mockResponse(PinnedTodosQuery.self, json: Self.pinned)
        let first = try await mock.environment.fetchQuery(PinnedTodosQuery(), fetchPolicy: .networkOnly)
        let second = try await mock.environment.fetchQuery(PinnedTodosQuery(), fetchPolicy: .networkOnly)
        #expect(first == second && first.viewer?.id == "me")
        #expect(mock.network.requests.map(\.operation) == ["PinnedTodosQuery", "PinnedTodosQuery"])
    }

    @Test func anOperationWithoutAnAnswerFailsNamingIt() async {
        await #expect(throws: RelayError.transport("no mocked response for PinnedTodosQuery")) {
            try await mock.environment.fetchQuery(PinnedTodosQuery())
        }
        mock.mockFailure(PinnedTodosQuery.self, RelayError.httpStatus(500, body: "down"))
        await #expect(throws: RelayError.httpStatus(500, body: "down")) {
            try await mock.environment.fetchQuery(PinnedTodosQuery())
        }
    }

    @Test func aDelayedResponseWaitsUntilReleased() async throws {
        try mock.mockResponse(PinnedTodosQuery.self, json: Self.pinned)
        mock.delayMockedResponses(PinnedTodosQuery.self)
        let query = Query<PinnedTodosQuery>(environment: mock.environment, variables: EmptyVariables())
        for _ in 0..<10_000 where mock.network.requests.isEmpty { await Task.yield() }
        #expect(mock.network.requests.count == 1)
        guard case .loading = query.state else {
            Issue.record("expected the query to be loading, got \(query.state)")
            return
        }
        mock.releaseMockedResponses(PinnedTodosQuery.self)
        for _ in 0..<10_000 where query.data == nil { await Task.yield() }
        #expect(query.data?.viewer?.pinned.count == 1)
    }
}
