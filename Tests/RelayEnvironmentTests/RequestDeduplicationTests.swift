import Foundation
import Relay
import Testing

@testable import GoldenTodoList
@testable import Relay

/// Identical queries in flight share one request (Relay's `fetchQuery` de-duplication); every
/// caller gets the result, and the request is cancelled only when every caller stopped waiting.
@MainActor
struct RequestDeduplicationTests {
    static let page = """
        {"data": {"viewer": {"id": "me", "todos": {
          "edges": [{"cursor": "c1", "node": {"id": "todo-1", "text": "Buy a horse"}}],
          "pageInfo": {"hasNextPage": false, "hasPreviousPage": false, "startCursor": "c1", "endCursor": "c1"}
        }}}}
        """

    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    func fetch(_ query: TodoPagesQuery) -> Task<TodoPagesQuery.Data, Error> {
        Task { try await environment.fetchQuery(query, fetchPolicy: .networkOnly) }
    }

    /// Waits until `count` callers wait for requests in flight.
    func waitForCallers(_ count: Int) async {
        while environment.inFlight.waitingCallers < count { await Task.yield() }
    }

    @Test func twoIdenticalFetchesInFlightSendOneRequest() async throws {
        let first = fetch(TodoPagesQuery(first: 1))
        await network.waitForPending(1)
        let second = fetch(TodoPagesQuery(first: 1))
        let third = Task { try await environment.fetchQuery(TodoPagesQuery(first: 1)) }  // store lacks it
        await waitForCallers(3)
        await network.respond(with: Self.page)
        for task in [first, second, third] {
            #expect(try await task.value.viewer?.todos.edges?.first??.node?.id == "todo-1")
        }
        #expect(await network.sentNames == ["TodoPagesQuery"])
    }

    @Test func fetchesWithOtherVariablesAreNotShared() async throws {
        let first = fetch(TodoPagesQuery(first: 1))
        let second = fetch(TodoPagesQuery(first: 2))
        await network.waitForPending(2)
        await network.respond(with: Self.page)
        await network.respond(with: Self.page)
        _ = try await (first.value, second.value)
        #expect(await network.sentNames.count == 2)
    }

    @Test func aCallerThatStopsWaitingLeavesTheRequestToTheOthers() async throws {
        let leaving = fetch(TodoPagesQuery(first: 1))
        await network.waitForPending(1)
        let staying = fetch(TodoPagesQuery(first: 1))
        await waitForCallers(2)
        leaving.cancel()
        await network.respond(with: Self.page)
        #expect(try await staying.value.viewer?.id == "me")
        #expect(await network.sentNames.count == 1)
    }

    @Test func theLastCallerToStopCancelsTheRequest() async throws {
        let only = fetch(TodoPagesQuery(first: 1))
        await network.waitForPending(1)
        only.cancel()
        await #expect(throws: CancellationError.self) { try await only.value }
        // A new fetch is a new request.
        let again = fetch(TodoPagesQuery(first: 1))
        await network.waitForPending(2)
        await network.respond(1, with: Self.page)
        #expect(try await again.value.viewer?.id == "me")
    }
}
