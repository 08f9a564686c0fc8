import Foundation
import Relay
import Testing

@testable import GoldenTodoList

/// `ObservedPaginationFragment` with `prefetch` (Relay's `usePrefetchableForwardPaginationFragment`,
/// on the golden `todo-list` case's `TodoBoard_user`, whose connection is
/// `prefetchable_pagination: true`): it loads a buffer of edges after those shown, `loadNext`
/// shows buffered edges without a request (and tops the buffer up), and edges not shown yet
/// count as a next page.
@MainActor
struct PrefetchingPaginationTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    func board(bufferSize: Int) async throws -> ObservedPaginationFragment<TodoBoard_user> {
        async let fetched = environment.fetchQuery(TodoBoardQuery(column: "open"))
        await network.waitForPending(1)
        await network.respond(with: DynamicConnectionKeyTests.page([1, 2], under: "viewer", hasNext: true))
        let viewer = try #require(try await fetched.viewer)
        return ObservedPaginationFragment(
            environment: environment, key: viewer, prefetch: .init(bufferSize: bufferSize))
    }

    func loaded(_ board: ObservedPaginationFragment<TodoBoard_user>) -> Int {
        board.data?.todos.edges?.count ?? 0
    }

    /// Waits until the store's answer to the last page has reached the fragment.
    func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
    }

    @Test func itLoadsTheBufferAheadAndShowsItWithoutARequest() async throws {
        let board = try await board(bufferSize: 2)
        #expect(board.shownEdgeCount == 2 && loaded(board) == 2)

        // The buffer fills at once, without counting as loading what is shown.
        await network.waitForPending(1)
        #expect(await network.sentNames.last == "TodoBoardPaginationQuery")
        #expect(await network.variables(0) == ["id": "me", "count": 2, "cursor": "c2"])
        #expect(!board.isLoadingNext && board.isPrefetching && board.hasNext)
        await network.respond(with: DynamicConnectionKeyTests.page([3, 4], under: "node", hasNext: true))
        await waitUntil { loaded(board) == 4 && !board.isPrefetching }
        #expect(loaded(board) == 4 && board.shownEdgeCount == 2)
        #expect(await network.sentNames.count == 2)

        // Showing the buffered edges needs no request; the buffer is topped up behind them.
        try await board.loadNext(2)
        #expect(board.shownEdgeCount == 4)
        await network.waitForPending(1)
        #expect(await network.variables(0) == ["id": "me", "count": 2, "cursor": "c4"])
        await network.respond(with: DynamicConnectionKeyTests.page([5], under: "node", hasNext: false))
        await waitUntil { loaded(board) == 5 && !board.isPrefetching }

        // One edge not shown yet is still a next page; after it, there is none.
        #expect(board.hasNext)
        try await board.loadNext(2)
        #expect(board.shownEdgeCount == 6 && loaded(board) == 5)
        #expect(!board.hasNext && !board.isLoadingNext)
        #expect(await network.sentNames.count == 3)
    }

    @Test func showingMoreThanIsLoadedWaitsForThePage() async throws {
        let board = try await board(bufferSize: 0)
        #expect(await network.sentNames.count == 1)
        async let shown: Void = board.loadNext(3)
        await network.waitForPending(1)
        #expect(board.isLoadingNext)
        #expect(await network.variables(0) == ["id": "me", "count": 3, "cursor": "c2"])
        await network.respond(with: DynamicConnectionKeyTests.page([3, 4, 5], under: "node", hasNext: false))
        try await shown
        #expect(board.shownEdgeCount == 5 && loaded(board) == 5 && !board.isLoadingNext)
    }
}
