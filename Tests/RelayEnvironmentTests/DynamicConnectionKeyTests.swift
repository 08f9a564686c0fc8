import Foundation
import Relay
import Testing

@testable import GoldenTodoList

/// `@connection(dynamicKey_UNSTABLE:)` (the golden `todo-list` case's `TodoBoard_user`): one
/// field under one connection key, kept as a connection per dynamic key in the store, so two
/// boards do not overwrite each other, and paging one grows only its own.
@MainActor
struct DynamicConnectionKeyTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    static func page(_ indices: [Int], under root: String, hasNext: Bool) -> String {
        let edges = indices.map {
            #"{"cursor": "c\#($0)", "node": {"__typename": "Todo", "id": "todo-\#($0)", "text": "To-do \#($0)"}}"#
        }
        let end = indices.last.map { #""c\#($0)""# } ?? "null"
        return #"""
            {"data": {"\#(root)": {"__typename": "User", "id": "me", "todos": {"edges": [\#(edges.joined(separator: ", "))],
              "pageInfo": {"hasNextPage": \#(hasNext), "endCursor": \#(end)}}}}}
            """#
    }

    func board(_ column: String, _ indices: [Int]) async throws -> ObservedPaginationFragment<TodoBoard_user> {
        async let fetched = environment.fetchQuery(TodoBoardQuery(column: column), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        #expect(await network.sentTexts.last??.contains("column") == false)
        await network.respond(with: Self.page(indices, under: "viewer", hasNext: true))
        let viewer = try #require(try await fetched.viewer)
        return ObservedPaginationFragment(environment: environment, key: viewer)
    }

    func texts(_ board: ObservedPaginationFragment<TodoBoard_user>) -> [String] {
        board.data?.todos.edges?.compactMap { $0?.node?.text } ?? []
    }

    @Test func eachDynamicKeyKeepsItsOwnConnection() async throws {
        let open = try await board("open", [1, 2])
        let done = try await board("done", [7])
        #expect(texts(open) == ["To-do 1", "To-do 2"])
        #expect(texts(done) == ["To-do 7"])
        let openID = ConnectionHandler.getConnectionID(
            "me", key: "TodoBoard_todos", filters: [ConnectionHandler.dynamicKeyArgument: "open"])
        #expect(environment.records[openID] != nil)

        async let loaded: Void = open.loadNext(2)
        await network.waitForPending(1)
        #expect(await network.sentNames.last == "TodoBoardPaginationQuery")
        // The dynamic key is the store's: the server is not sent `column`.
        #expect(await network.variables(0) == ["id": "me", "count": 2, "cursor": "c2"])
        await network.respond(with: Self.page([3], under: "node", hasNext: false))
        try await loaded
        #expect(texts(open) == ["To-do 1", "To-do 2", "To-do 3"])
        #expect(texts(done) == ["To-do 7"])
    }
}
