import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@testable import GoldenTodoList

/// Relay's `__id`: never sent to the server, read as the record's id in the store. A
/// connection's `__id` is the id `@appendEdge(connections:)` edits, as in Relay apps that pass
/// it from the list they show to the mutation that adds to it.
@MainActor
struct RecordIDTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    @Test func theConnectionsIDFromAQueryAppendsTheMutationsEdge() async throws {
        #expect(TodoPagesQuery.node.params.text?.contains("__id") == false)
        async let fetched = environment.fetchQuery(TodoPagesQuery(first: 2), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(
            with: ConnectionPaginationTests.page([1, 2], .init(startCursor: "c1", endCursor: "c2")))
        _ = try await fetched
        let todos = try #require(environment.lookup(TodoPagesQuery()).data?.viewer?.todos)
        #expect(
            todos.__id == ConnectionHandler.getConnectionID("me", key: "TodoPages_todos", filters: ["complete": false]))

        async let added = environment.commitMutation(
            AddTodoMutation(input: .init(text: "Saddle up", userId: "me"), connections: [todos.__id.rawValue]))
        await network.waitForPending(1)
        // The store-only variable never reaches the server.
        #expect(await network.variables(0)["connections"] == nil)
        await network.respond(
            with: """
                {"data": {"addTodo": {
                  "todoEdge": {"cursor": "c9", "node": {"id": "todo-9", "text": "Saddle up", "complete": false}},
                  "user": {"id": "me", "openCount": 3}
                }}}
                """)
        _ = try await added
        let after = try #require(environment.lookup(TodoPagesQuery()).data?.viewer?.todos)
        #expect(after.edges?.map { $0?.node?.id } == ["todo-1", "todo-2", "todo-9"])
        #expect(after.__id == todos.__id)
    }

    @Test func aRecordsIDIsItsStoreIDEvenWithoutAServerID() async throws {
        async let fetched = environment.fetchQuery(TodoPagesQuery(first: 1), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: ConnectionPaginationTests.page([1], .init(startCursor: "c1", endCursor: "c1")))
        _ = try await fetched
        let todos = try #require(environment.lookup(TodoPagesQuery()).data?.viewer?.todos)
        // The connection record has no server id: its `__id` is the client id Relay derives.
        #expect(todos.__id.rawValue.hasPrefix("client:me:"))
    }
}
