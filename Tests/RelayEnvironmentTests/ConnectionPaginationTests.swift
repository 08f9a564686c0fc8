import Foundation
import Relay
import Testing

@testable import GoldenTodoList

/// Relay's connection semantics, through the golden `todo-list` case's `TodoPagesQuery` (a
/// connection paged in both directions): pages merge at the end they were fetched from and keep
/// the other end's `pageInfo`, no node is listed twice, a page from a stale cursor is ignored,
/// and edges built on the client read with a null cursor.
@MainActor
struct ConnectionPaginationTests {
    struct PageInfo {
        var hasNextPage = true
        var hasPreviousPage = true
        var startCursor: String?
        var endCursor: String?
    }

    /// A response with one edge per index (cursor `c<i>`, node `todo-<i>`).
    static func page(_ indices: [Int], _ info: PageInfo) -> String {
        let edges = indices.map { #"{"cursor": "c\#($0)", "node": {"id": "todo-\#($0)", "text": "To-do \#($0)"}}"# }
        func cursor(_ value: String?) -> String { value.map { #""\#($0)""# } ?? "null" }
        return """
            {"data": {"viewer": {"id": "me", "todos": {
              "edges": [\(edges.joined(separator: ", "))],
              "pageInfo": {"hasNextPage": \(info.hasNextPage), "hasPreviousPage": \(info.hasPreviousPage),
                "startCursor": \(cursor(info.startCursor)), "endCursor": \(cursor(info.endCursor))}
            }}}}
            """
    }

    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    /// Fetches `query` and answers it with `response`.
    func fetch(_ query: TodoPagesQuery, answer response: String) async throws {
        async let fetched = environment.fetchQuery(query, fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: response)
        _ = try await fetched
    }

    /// The nodes the connection lists now, and its `pageInfo`.
    func shown() throws -> (
        nodes: [String?], pageInfo: TodoPagesQuery.Data.User_viewer.TodoConnection_todos.PageInfo_pageInfo
    ) {
        let todos = try #require(environment.lookup(TodoPagesQuery()).data?.viewer?.todos)
        return (todos.edges?.map { $0?.node?.id } ?? [], todos.pageInfo)
    }

    /// The first page: to-dos 1 and 2, more in both directions.
    func loadFirstPage() async throws {
        try await fetch(
            TodoPagesQuery(first: 2),
            answer: Self.page([1, 2], PageInfo(startCursor: "c1", endCursor: "c2")))
    }

    @Test func pagesInBothDirectionsKeepTheOtherEndsPageInfo() async throws {
        try await loadFirstPage()
        try await fetch(
            TodoPagesQuery(first: 2, after: "c2"),
            answer: Self.page(
                [3, 4], PageInfo(hasNextPage: false, hasPreviousPage: true, startCursor: "c3", endCursor: "c4")))
        var (nodes, info) = try shown()
        #expect(nodes == ["todo-1", "todo-2", "todo-3", "todo-4"])
        // Forward: only the end moved; the start is still the first page's.
        #expect(info.endCursor == "c4" && !info.hasNextPage)
        #expect(info.startCursor == "c1" && info.hasPreviousPage)

        try await fetch(
            TodoPagesQuery(last: 1, before: "c1"),
            answer: Self.page(
                [0], PageInfo(hasNextPage: true, hasPreviousPage: false, startCursor: "c0", endCursor: "c0")))
        (nodes, info) = try shown()
        #expect(nodes == ["todo-0", "todo-1", "todo-2", "todo-3", "todo-4"])
        #expect(info.startCursor == "c0" && !info.hasPreviousPage)
        #expect(info.endCursor == "c4" && !info.hasNextPage)
    }

    @Test func overlappingPagesNeverListANodeTwice() async throws {
        try await loadFirstPage()
        // The list changed on the server: the next page starts with a node already shown.
        try await fetch(
            TodoPagesQuery(first: 2, after: "c2"),
            answer: Self.page([2, 3], PageInfo(startCursor: "c2", endCursor: "c3")))
        #expect(try shown().nodes == ["todo-1", "todo-2", "todo-3"])
        try await fetch(
            TodoPagesQuery(last: 2, before: "c1"),
            answer: Self.page([0, 1], PageInfo(startCursor: "c0", endCursor: "c1")))
        #expect(try shown().nodes == ["todo-0", "todo-1", "todo-2", "todo-3"])
    }

    @Test func aPageAfterAnUpdaterInsertedANodeDoesNotListItTwice() async throws {
        try await loadFirstPage()
        // An updater adds todo-3 at the end; the store's node set for the old list no longer applies.
        environment.commitUpdate { store, _ in
            let id = ConnectionHandler.getConnectionID("me", key: "TodoPages_todos", filters: ["complete": false])
            guard let connection = store.get(id) else { return }
            let node = store.create(dataID: "todo-3", typename: "Todo")
            node.setValue("todo-3", "id")
            node.setValue("To-do 3", "text")
            let edge = ConnectionHandler.createEdge(store, connection: connection, node: node, edgeType: "TodoEdge")
            ConnectionHandler.insertEdgeAfter(connection, edge: edge)
        }
        #expect(try shown().nodes == ["todo-1", "todo-2", "todo-3"])
        try await fetch(
            TodoPagesQuery(first: 2, after: "c2"),
            answer: Self.page([3, 4], PageInfo(startCursor: "c3", endCursor: "c4")))
        #expect(try shown().nodes == ["todo-1", "todo-2", "todo-3", "todo-4"])
    }

    @Test func aPageFromAStaleCursorIsIgnored() async throws {
        try await loadFirstPage()
        try await fetch(
            TodoPagesQuery(first: 2, after: "c2"),
            answer: Self.page([3, 4], PageInfo(startCursor: "c3", endCursor: "c4")))
        // Fetched again from the old end (a repeated "load more"): not the end any more.
        try await fetch(
            TodoPagesQuery(first: 2, after: "c2"),
            answer: Self.page([3, 4], PageInfo(startCursor: "c3", endCursor: "c4")))
        try await fetch(
            TodoPagesQuery(first: 2, after: "c1"),
            answer: Self.page([7, 8], PageInfo(hasNextPage: false, startCursor: "c7", endCursor: "c8")))
        let (nodes, info) = try shown()
        #expect(nodes == ["todo-1", "todo-2", "todo-3", "todo-4"])
        #expect(info.endCursor == "c4" && info.hasNextPage)
    }

    @Test func aRefetchFromTheStartReplacesTheList() async throws {
        try await loadFirstPage()
        try await fetch(
            TodoPagesQuery(first: 2, after: "c2"),
            answer: Self.page([3, 4], PageInfo(startCursor: "c3", endCursor: "c4")))
        try await fetch(
            TodoPagesQuery(first: 2),
            answer: Self.page([5, 6], PageInfo(hasPreviousPage: false, startCursor: "c5", endCursor: "c6")))
        let (nodes, info) = try shown()
        #expect(nodes == ["todo-5", "todo-6"])
        #expect(info.startCursor == "c5" && info.endCursor == "c6" && !info.hasPreviousPage)
    }

    @Test func aListWithAnOptimisticClientEdgeReadsFollowsAndFetches() async throws {
        try await loadFirstPage()
        let connection = ConnectionHandler.getConnectionID("me", key: "TodoPages_todos", filters: ["complete": false])
        var updates = environment.subscribe(TodoPagesQuery()).makeAsyncIterator()
        #expect(await updates.next()?.data?.viewer?.todos.edges?.count == 2)
        let mutation = Task {
            try await environment.commitMutation(
                PrependTodoMutation(
                    variables: .init(input: .init(text: "Saddle up", userId: "me"), connections: [connection.rawValue])),
                optimisticResponse: [
                    "addTodo": ["todo": ["id": "optimistic-1", "text": "Saddle up", "complete": false]]
                ])
        }
        // The client edge has no cursor: the list still reads, and its subscriber sees it.
        let optimistic = try #require(await updates.next())
        #expect(!optimistic.isMissingData)
        let first = try #require(optimistic.data?.viewer?.todos.edges?.first)
        #expect(first?.node?.id == "optimistic-1" && first?.cursor == nil)
        // Fetching the list meanwhile works and keeps the optimistic edge on top.
        await network.waitForPending(1)
        async let refetched = environment.fetchQuery(TodoPagesQuery(first: 2), fetchPolicy: .networkOnly)
        await network.waitForPending(2)
        await network.respond(1, with: Self.page([1, 2], PageInfo(startCursor: "c1", endCursor: "c2")))
        let data = try await refetched
        #expect(data.viewer?.todos.edges?.first??.node?.id == "optimistic-1")
        await network.respond(
            with: #"{"data": {"addTodo": {"todo": {"id": "todo-9", "text": "Saddle up", "complete": false}}}}"#)
        _ = try await mutation.value
        #expect(try shown().nodes == ["todo-9", "todo-1", "todo-2"])
    }
}

/// Variables the operation declares defaults for are filled in when left out (Relay's
/// `getOperationVariables`): sent to the server, and used for storage keys and reading, so every
/// page of a filtered connection lands in the same connection.
@MainActor
struct OperationDefaultsTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    @Test func aLeftOutVariableTakesTheOperationsDefault() async throws {
        #expect(TodoPagesQuery(first: 2).operationVariables["complete"] == .bool(false))
        #expect(TodoPagesQuery(first: 2, complete: true).operationVariables["complete"] == .bool(true))
        async let fetched = environment.fetchQuery(TodoPagesQuery(first: 1))
        await network.waitForPending(1)
        #expect(await network.variables(0)["complete"] == .bool(false))
        await network.respond(
            with: ConnectionPaginationTests.page([1], .init(startCursor: "c1", endCursor: "c1")))
        _ = try await fetched
        // The next page, also without `complete`, extends the same (open to-dos') connection.
        async let next = environment.fetchQuery(TodoPagesQuery(first: 1, after: "c1"), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(
            with: ConnectionPaginationTests.page([2], .init(startCursor: "c2", endCursor: "c2")))
        _ = try await next
        let open = environment.lookup(TodoPagesQuery()).data?.viewer?.todos.edges?.map { $0?.node?.id }
        #expect(open == ["todo-1", "todo-2"])
        // The complete ones are another connection, not loaded yet.
        #expect(environment.lookup(TodoPagesQuery(complete: true)).isMissingData)
        #expect(
            environment.records.has(
                ConnectionHandler.getConnectionID("me", key: "TodoPages_todos", filters: ["complete": false])))
    }
}
