import Foundation
import Relay
import Testing

@testable import GoldenTodoList

/// `@refetchable` fragments with a `@connection` (the golden `todo-list` case's
/// `TodoFeed_user`, paged both ways): `loadNext` / `loadPrevious` send the refetch query with the
/// fragment's variables and the page's count and cursor, the page lands in the connection the
/// fragment reads, and `refetch` starts the connection over with another filter.
@MainActor
struct PaginationFragmentTests {
    /// The connection's page: one edge per index (cursor `c<i>`, node `todo-<i>`).
    static func todos(_ indices: [Int], hasNext: Bool, hasPrevious: Bool = false) -> String {
        let edges = indices.map {
            #"{"cursor": "c\#($0)", "node": {"__typename": "Todo", "id": "todo-\#($0)", "text": "To-do \#($0)"}}"#
        }
        let start = indices.first.map { #""c\#($0)""# } ?? "null"
        let end = indices.last.map { #""c\#($0)""# } ?? "null"
        return """
            {"__typename": "User", "id": "me", "openCount": 7, "todos": {
              "edges": [\(edges.joined(separator: ", "))],
              "pageInfo": {"hasNextPage": \(hasNext), "hasPreviousPage": \(hasPrevious),
                "startCursor": \(start), "endCursor": \(end)}
            }}
            """
    }

    /// The refetch query's answer: the user under `node`.
    static func page(_ indices: [Int], hasNext: Bool, hasPrevious: Bool = false) -> String {
        #"{"data": {"node": \#(todos(indices, hasNext: hasNext, hasPrevious: hasPrevious))}}"#
    }

    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    /// The feed's fragment, once `TodoFeedQuery` is loaded with `first`.
    func feed(_ first: [Int], hasNext: Bool = true, hasPrevious: Bool = false) async throws
        -> ObservedPaginationFragment<TodoFeed_user>
    {
        async let fetched = environment.fetchQuery(TodoFeedQuery())
        await network.waitForPending(1)
        await network.respond(
            with: #"{"data": {"viewer": \#(Self.todos(first, hasNext: hasNext, hasPrevious: hasPrevious))}}"#)
        let viewer = try #require(try await fetched.viewer)
        return ObservedPaginationFragment(environment: environment, key: viewer)
    }

    func texts(_ feed: ObservedPaginationFragment<TodoFeed_user>) -> [String]? {
        feed.data?.todos.map(\.text)
    }

    @Test func loadNextAppendsTheNextPageWithTheFragmentsVariables() async throws {
        let feed = try await feed([1, 2])
        #expect(texts(feed) == ["To-do 1", "To-do 2"])
        #expect(feed.hasNext && !feed.hasPrevious && !feed.isLoadingNext)

        async let loaded: Void = feed.loadNext(2)
        await network.waitForPending(1)
        #expect(feed.isLoadingNext)
        #expect(await network.sentNames.last == "TodoFeedPaginationQuery")
        #expect(
            await network.variables(0)
                == ["id": "me", "count": 2, "cursor": "c2", "last": .null, "before": .null, "complete": false])
        await network.respond(with: Self.page([3, 4], hasNext: false))
        try await loaded

        #expect(texts(feed) == ["To-do 1", "To-do 2", "To-do 3", "To-do 4"])
        #expect(!feed.hasNext && !feed.isLoadingNext)
        // Nothing more to load: no request.
        try await feed.loadNext(2)
        #expect(await network.sentNames.count == 2)
    }

    @Test func loadPreviousPrependsWithTheBackwardVariables() async throws {
        let feed = try await feed([3, 4], hasNext: false, hasPrevious: true)
        #expect(feed.hasPrevious && !feed.hasNext)

        async let loaded: Void = feed.loadPrevious(1)
        await network.waitForPending(1)
        #expect(feed.isLoadingPrevious)
        #expect(
            await network.variables(0)
                == ["id": "me", "count": .null, "cursor": .null, "last": 1, "before": "c3", "complete": false])
        await network.respond(with: Self.page([2], hasNext: true, hasPrevious: false))
        try await loaded

        #expect(texts(feed) == ["To-do 2", "To-do 3", "To-do 4"])
        #expect(!feed.hasPrevious && !feed.isLoadingPrevious)
        // A backward page keeps the forward end's pageInfo.
        #expect(!feed.hasNext)
    }

    @Test func aFailedPageKeepsTheConnectionAndCanBeRetried() async throws {
        let feed = try await feed([1, 2])
        let failed = Task { try await feed.loadNext(2) }
        await network.waitForPending(1)
        await network.fail()
        await #expect(throws: RelayError.self) { try await failed.value }
        #expect(texts(feed) == ["To-do 1", "To-do 2"])
        #expect(feed.hasNext && !feed.isLoadingNext)

        async let retried: Void = feed.loadNext(2)
        await network.waitForPending(1)
        await network.respond(with: Self.page([3], hasNext: false))
        try await retried
        #expect(texts(feed) == ["To-do 1", "To-do 2", "To-do 3"])
    }

    @Test func concurrentLoadNextCallsSendOneRequest() async throws {
        let feed = try await feed([1, 2])
        async let first: Void = feed.loadNext(2)
        await network.waitForPending(1)
        // While a page is loading, another loadNext does nothing.
        try await feed.loadNext(2)
        #expect(await network.sentNames.count == 2)
        await network.respond(with: Self.page([3], hasNext: true))
        try await first
        #expect(texts(feed) == ["To-do 1", "To-do 2", "To-do 3"])
    }

    @Test func refetchStartsOverWithAnotherFilterAndPagesWithIt() async throws {
        let feed = try await feed([1, 2])
        async let refetched: Void = feed.refetch(variables: ["complete": true])
        await network.waitForPending(1)
        #expect(feed.isRefetching)
        #expect(await network.variables(0) == ["id": "me", "count": 2, "complete": true])
        await network.respond(with: Self.page([8, 9], hasNext: true))
        try await refetched
        #expect(texts(feed) == ["To-do 8", "To-do 9"])
        #expect(!feed.isRefetching && feed.hasNext)

        // The next page keeps the refetched filter.
        async let loaded: Void = feed.loadNext(5)
        await network.waitForPending(1)
        #expect(await network.variables(0)["complete"] == true)
        #expect(await network.variables(0)["cursor"] == "c9")
        await network.respond(with: Self.page([10], hasNext: false))
        try await loaded
        #expect(texts(feed) == ["To-do 8", "To-do 9", "To-do 10"])
    }

    @MainActor final class Flag {
        var isSet = false
    }

    /// Relay's `refetch` disposes of a `loadNext` in flight: its request is cancelled, its
    /// loading state reset, its late answer ignored, and the next `loadNext` is sent at once.
    @Test func refetchCancelsAPageInFlight() async throws {
        let feed = try await feed([1, 2])
        let original = feed.fragment
        let pageReturned = Flag()
        let page = Task {
            try await feed.loadNext(2)
            pageReturned.isSet = true
        }
        await network.waitForPending(1)
        #expect(feed.isLoadingNext)

        async let refetched: Void = feed.refetch(variables: ["complete": true])
        await network.waitForPending(2)  // the mock keeps the cancelled page's request to answer it late
        #expect(!feed.isLoadingNext && feed.isRefetching)
        // loadNext returns at once, without the page (its request is not answered yet).
        for _ in 0..<10_000 where !pageReturned.isSet { await Task.yield() }
        #expect(pageReturned.isSet)
        let refetchIndex = await network.pendingIndex { $0["cursor"] == nil }
        await network.respond(refetchIndex, with: Self.page([8, 9], hasNext: true))
        try await refetched
        #expect(texts(feed) == ["To-do 8", "To-do 9"])
        #expect(!feed.isLoadingNext && feed.hasNext)

        // The cancelled page's answer comes late: nothing is written, not even to the old connection.
        await network.respond(0, with: Self.page([3, 4], hasNext: false))
        try await page.value
        for _ in 0..<1_000 { await Task.yield() }
        #expect(environment.lookup(original).data?.todos.map(\.text) == ["To-do 1", "To-do 2"])
        #expect(texts(feed) == ["To-do 8", "To-do 9"] && !feed.isLoadingNext)

        // A new loadNext is sent at once, from the refetched connection's end.
        async let loaded: Void = feed.loadNext(2)
        await network.waitForPending(1)
        #expect(feed.isLoadingNext)
        #expect(await network.variables(0)["cursor"] == "c9")
        await network.respond(with: Self.page([10], hasNext: false))
        try await loaded
        #expect(texts(feed) == ["To-do 8", "To-do 9", "To-do 10"])
        #expect(await network.sentNames.count == 4)
    }

    /// When `loadNext` returns, `data` already shows the page (checked right after the `await`,
    /// 200 times; the store's subscription alone would show it a turn of the main actor later).
    @Test func dataShowsThePageWhenLoadNextReturns() async throws {
        let feed = try await feed([0])
        for index in 1...200 {
            async let loaded: Void = feed.loadNext(1)
            await network.waitForPending(1)
            await network.respond(with: Self.page([index], hasNext: true))
            try await loaded
            #expect(feed.data?.todos.last?.text == "To-do \(index)", "stale after page \(index)")
            #expect(feed.data?.todos.count == index + 1)
            #expect(!feed.isLoadingNext)
        }
    }

    /// The same for `loadPrevious`.
    @Test func dataShowsThePageWhenLoadPreviousReturns() async throws {
        let feed = try await feed([1000], hasNext: false, hasPrevious: true)
        for index in 1...50 {
            async let loaded: Void = feed.loadPrevious(1)
            await network.waitForPending(1)
            await network.respond(with: Self.page([1000 - index], hasNext: false, hasPrevious: true))
            try await loaded
            #expect(feed.data?.todos.first?.text == "To-do \(1000 - index)", "stale after page \(index)")
        }
    }

    @Test func theFragmentFollowsTheStoreBetweenPages() async throws {
        let feed = try await feed([1, 2])
        environment.commitUpdate { store, _ in store.get("todo-2")?.setValue("Renamed", "text") }
        for _ in 0..<10_000 where texts(feed)?.last != "Renamed" { await Task.yield() }
        #expect(texts(feed) == ["To-do 1", "Renamed"])
    }

    @Test func theConnectionIsARandomAccessCollectionOfItsNodes() async throws {
        let feed = try await feed([1, 2, 3])
        // A null edge and an edge whose node is null are left out of the collection.
        environment.commitUpdate { store, _ in
            guard let connection = store.get("client:me:__TodoFeed_todos_connection(complete:false)"),
                var edges = connection.getLinkedRecords("edges")
            else { return }
            edges[0]?.setLinkedRecord(nil, "node")
            edges.insert(nil, at: 1)
            connection.setLinkedRecords(edges, "edges")
        }
        for _ in 0..<10_000 where feed.data?.todos.count != 2 { await Task.yield() }
        let todos = try #require(feed.data?.todos)
        #expect(todos.edges?.count == 4)
        #expect(todos.count == 2 && todos.startIndex == 0)
        #expect(todos[1].text == "To-do 3" && todos.last?.id == "todo-3")
        #expect(todos.map(\.id) == ["todo-2", "todo-3"])
    }
}
