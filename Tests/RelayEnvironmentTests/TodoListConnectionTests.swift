import Foundation
import Relay
import Testing

@testable import GoldenTodoList

/// The golden `todo-list` case's generated code against the environment: a `@connection`
/// list, the declarative edits (`@appendEdge`, `@prependNode`, `@deleteRecord`, `@deleteEdge`),
/// an updater editing the connection, and garbage collection.
@MainActor
struct TodoListConnectionTests {
    static let listResponse = """
        {"data": {"viewer": {"id": "me", "openCount": 1, "todos": {
          "edges": [
            {"cursor": "c1", "node": {"__typename": "Todo", "id": "todo-1", "text": "Buy a horse", "complete": false}},
            {"cursor": "c2", "node": {"__typename": "Todo", "id": "todo-2", "text": "Feed the horse", "complete": true}}
          ],
          "pageInfo": {"endCursor": "c2", "hasNextPage": false}
        }}}}
        """

    static func addResponse(id: String, text: String, openCount: Int) -> String {
        """
        {"data": {"addTodo": {
          "todoEdge": {"cursor": "c-\(id)", "node": {"id": "\(id)", "text": "\(text)", "complete": false}},
          "user": {"id": "me", "openCount": \(openCount)}
        }}}
        """
    }

    let network = MockNetwork()
    let environment: Environment
    let connectionID = ConnectionHandler.getConnectionID("me", key: "TodoList_todos")

    init() {
        environment = Environment(network: network) {
            $0.releaseBufferSize = 0
        }
    }

    func loadList() async throws {
        async let fetched = environment.fetchQuery(TodoListQuery(), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: Self.listResponse)
        _ = try await fetched
    }

    /// The list's rows as fragments (nil for an edge whose node is gone).
    func rows() throws -> [TodoRow_todo?] {
        let viewer = try #require(environment.lookup(TodoListQuery()).data?.viewer)
        let list = try #require(environment.lookup(TodoList_viewer(key: viewer)).data)
        return list.todos.edges?.map { $0?.node.map(TodoRow_todo.init(key:)) } ?? []
    }

    /// The texts of the list as its fragments read it (nil for an edge whose node is gone).
    func texts() throws -> [String?] {
        try rows().map { $0.flatMap { environment.lookup($0).data?.text } }
    }

    /// Commits the mutation and answers it with `response`.
    func send<Op: Relay.Operation>(_ operation: Op, response: String) async throws {
        async let done = environment.commitMutation(operation)
        await network.waitForPending(1)
        await network.respond(with: response)
        _ = try await done
    }

    @Test func normalizationKeepsTheServerPageAndTheClientConnection() async throws {
        try await loadList()
        #expect(
            environment.records.description == """
                client:me:__TodoList_todos_connection (TodoConnection)
                  __connection_next_edge_index: 2
                  edges → [client:me:__TodoList_todos_connection:edges:0, client:me:__TodoList_todos_connection:edges:1]
                  pageInfo → client:me:__TodoList_todos_connection:pageInfo
                client:me:__TodoList_todos_connection:edges:0 (TodoEdge)
                  cursor: "c1"
                  node → todo-1
                client:me:__TodoList_todos_connection:edges:1 (TodoEdge)
                  cursor: "c2"
                  node → todo-2
                client:me:__TodoList_todos_connection:pageInfo (PageInfo)
                  endCursor: "c2"
                  hasNextPage: false
                  hasPreviousPage: false
                  startCursor: null
                client:me:todos(first:50) (TodoConnection)
                  edges → [client:me:todos(first:50):edges:0, client:me:todos(first:50):edges:1]
                  pageInfo → client:me:todos(first:50):pageInfo
                client:me:todos(first:50):edges:0 (TodoEdge)
                  cursor: "c1"
                  node → todo-1
                client:me:todos(first:50):edges:1 (TodoEdge)
                  cursor: "c2"
                  node → todo-2
                client:me:todos(first:50):pageInfo (PageInfo)
                  endCursor: "c2"
                  hasNextPage: false
                client:root (__Root)
                  viewer → me
                me (User)
                  __TodoList_todos_connection → client:me:__TodoList_todos_connection
                  id: "me"
                  openCount: 1
                  todos(first:50) → client:me:todos(first:50)
                todo-1 (Todo)
                  __typename: "Todo"
                  complete: false
                  id: "todo-1"
                  text: "Buy a horse"
                todo-2 (Todo)
                  __typename: "Todo"
                  complete: true
                  id: "todo-2"
                  text: "Feed the horse"
                """)
        #expect(connectionID == "client:me:__TodoList_todos_connection")
        #expect(try texts() == ["Buy a horse", "Feed the horse"])
    }

    @Test func appendEdgeAddsTheServersEdgeAndSendsNoConnections() async throws {
        try await loadList()
        let add = AddTodoMutation(
            variables: .init(input: .init(text: "Ride the horse", userId: "me"), connections: [connectionID.rawValue]))
        try await send(add, response: Self.addResponse(id: "todo-3", text: "Ride the horse", openCount: 2))
        #expect(try texts() == ["Buy a horse", "Feed the horse", "Ride the horse"])
        #expect(environment.lookup(TodoListQuery()).data?.viewer?.openCount == 2)
        // `connections` is the store's; the server sees only what the text declares.
        #expect(await network.sentVariables.last?["connections"] == nil)
        #expect(await network.sentVariables.last?["input"] == ["text": "Ride the horse", "userId": "me"])
        // The same edge again (a retried response) is not added twice.
        try await send(add, response: Self.addResponse(id: "todo-3", text: "Ride the horse", openCount: 2))
        #expect(try texts() == ["Buy a horse", "Feed the horse", "Ride the horse"])
    }

    @Test func optimisticEdgeIsReplacedByTheServersEdge() async throws {
        try await loadList()
        let add = AddTodoMutation(
            variables: .init(input: .init(text: "Ride", userId: "me"), connections: [connectionID.rawValue]))
        async let done = environment.commitMutation(
            add,
            optimisticResponse: [
                "addTodo": [
                    "todoEdge": ["cursor": "", "node": ["id": "temp", "text": "Ride", "complete": false]],
                    "user": ["id": "me", "openCount": 2],
                ]
            ])
        await network.waitForPending(1)  // the optimistic layer is in place once the request is out
        #expect(try texts() == ["Buy a horse", "Feed the horse", "Ride"])
        await network.respond(with: Self.addResponse(id: "todo-3", text: "Ride!", openCount: 2))
        _ = try await done
        #expect(try texts() == ["Buy a horse", "Feed the horse", "Ride!"])
        #expect(!environment.records.has("temp"))
    }

    @Test func failedOptimisticAppendLeavesTheListAsItWas() async throws {
        try await loadList()
        let before = environment.records
        let add = AddTodoMutation(
            variables: .init(input: .init(text: "Ride", userId: "me"), connections: [connectionID.rawValue]))
        async let done = environment.commitMutation(
            add,
            optimisticResponse: [
                "addTodo": [
                    "todoEdge": ["cursor": "", "node": ["id": "temp", "text": "Ride", "complete": false]],
                    "user": ["id": "me", "openCount": 2],
                ]
            ])
        await network.waitForPending(1)
        #expect(try texts().count == 3)
        await network.respond(with: #"{"data": {"addTodo": null}, "errors": [{"message": "list is full"}]}"#)
        do {
            _ = try await done
            Issue.record("expected the mutation to fail")
        } catch {
            #expect(error is RelayError)
        }
        #expect(environment.records == before)
    }

    @Test func prependNodeBuildsAnEdgeFirst() async throws {
        try await loadList()
        let prepend = PrependTodoMutation(
            variables: .init(input: .init(text: "Saddle up", userId: "me"), connections: [connectionID.rawValue]))
        try await send(
            prepend,
            response: #"{"data": {"addTodo": {"todo": {"id": "todo-0", "text": "Saddle up", "complete": false}}}}"#)
        #expect(try texts() == ["Saddle up", "Buy a horse", "Feed the horse"])
        let connection = try #require(environment.records[connectionID])
        guard case .links(let edges)? = connection["edges"], let first = edges.first ?? nil else {
            Issue.record("the connection has no edges")
            return
        }
        #expect(environment.records[first]?.typename == "TodoEdge")
    }

    @Test func deleteRecordRemovesTheRecordEverywhere() async throws {
        try await loadList()
        let remove = RemoveTodoMutation(input: .init(id: "todo-1", userId: "me"))
        try await send(
            remove,
            response: #"{"data": {"removeTodo": {"deletedTodoId": "todo-1", "user": {"id": "me", "openCount": 0}}}}"#)
        #expect(environment.records["todo-1"] == nil)
        #expect(try texts() == [nil, "Feed the horse"])
    }

    @Test func deleteEdgeRemovesTheEdgeAndKeepsTheRecord() async throws {
        try await loadList()
        let remove = RemoveTodoEdgeMutation(
            variables: .init(input: .init(id: "todo-1", userId: "me"), connections: [connectionID.rawValue]))
        try await send(remove, response: #"{"data": {"removeTodo": {"deletedTodoId": "todo-1"}}}"#)
        #expect(try texts() == ["Feed the horse"])
        #expect(environment.records["todo-1"]?["text"] == .scalar("Buy a horse"))
    }

    @Test func updaterRemovesAnEdgeThroughTheConnectionHandler() async throws {
        try await loadList()
        var snapshots = environment.subscribe(
            TodoList_viewer(key: try #require(environment.lookup(TodoListQuery()).data?.viewer))
        )
        .makeAsyncIterator()
        #expect(await snapshots.next()?.data?.todos.edges?.count == 2)
        async let done = environment.commitMutation(
            RemoveTodoMutation(input: .init(id: "todo-2", userId: "me")),
            optimisticUpdater: { store, _ in
                guard let viewer = store.root.getLinkedRecord("viewer"),
                    let connection = ConnectionHandler.getConnection(viewer, key: "TodoList_todos")
                else { return }
                ConnectionHandler.deleteNode(connection, nodeID: "todo-2")
            })
        await network.waitForPending(1)
        #expect(try texts() == ["Buy a horse"])
        #expect(await snapshots.next()?.data?.todos.edges?.count == 1)
        // The server refuses: the optimistic removal is rolled back.
        await network.fail()
        do {
            _ = try await done
            Issue.record("expected the mutation to fail")
        } catch {
            #expect(error is RelayError)
        }
        #expect(try texts() == ["Buy a horse", "Feed the horse"])
        #expect(await snapshots.next()?.data?.todos.edges?.count == 2)
    }

    @Test func updaterInsertsAnEdgeItCreates() async throws {
        try await loadList()
        environment.commitUpdate { store, _ in
            let todo = store.create(dataID: "local-1", typename: "Todo")
            todo["id"] = "local-1"
            todo["text"] = "Brush the horse"
            todo["complete"] = false
            guard let viewer = store.get("me"),
                let connection = ConnectionHandler.getConnection(viewer, key: "TodoList_todos")
            else { return }
            let edge = ConnectionHandler.createEdge(store, connection: connection, node: todo, edgeType: "TodoEdge")
            edge["cursor"] = "local"
            ConnectionHandler.insertEdgeAfter(connection, edge: edge, cursor: "c1")
        }
        #expect(try texts() == ["Buy a horse", "Brush the horse", "Feed the horse"])
    }

    @Test func garbageCollectionRemovesWhatNoRetainedOperationReaches() async throws {
        try await loadList()
        let retained = environment.retain(TodoListQuery())
        // A mutation payload nothing retains: its root field's record goes at the next collection.
        let add = AddTodoMutation(variables: .init(input: .init(text: "Ride", userId: "me"), connections: []))
        try await send(add, response: Self.addResponse(id: "todo-3", text: "Ride", openCount: 2))
        #expect(environment.records.has("todo-3"))
        let removed = environment.collectGarbage()
        #expect(removed > 0)
        #expect(!environment.records.has("todo-3"))
        #expect(try texts() == ["Buy a horse", "Feed the horse"])
        #expect(!environment.lookup(TodoListQuery()).isMissingData)
        // Once released (no buffer), the query's records go too; fetching again needs the network.
        retained.dispose()
        #expect(environment.records.ids.map(\.rawValue) == ["client:root"])
        #expect(environment.lookup(TodoListQuery()).isMissingData)
    }

    @Test func releaseBufferKeepsRecentlyReleasedOperations() async throws {
        let environment = Environment(network: network) {
            $0.releaseBufferSize = 1
        }
        async let fetched = environment.fetchQuery(TodoListQuery(), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: Self.listResponse)
        _ = try await fetched
        environment.retain(TodoListQuery()).dispose()
        #expect(!environment.lookup(TodoListQuery()).isMissingData)
    }

    @Test func liveSubscriptionsKeepTheirRecords() async throws {
        try await loadList()
        let row = try #require(try rows()[1])
        var updates = environment.subscribe(row).makeAsyncIterator()
        #expect(await updates.next()?.data?.text == "Feed the horse")
        environment.collectGarbage()
        #expect(environment.records.has("todo-2"))
        #expect(!environment.records.has("todo-1"))
    }

    @Test func collectionWaitsForOptimisticMutations() async throws {
        try await loadList()
        async let done = environment.commitMutation(
            RemoveTodoMutation(input: .init(id: "todo-1", userId: "me")),
            optimisticUpdater: { store, _ in store.get("todo-1")?["text"] = "(removing)" })
        await network.waitForPending(1)
        #expect(environment.collectGarbage() == 0)
        #expect(environment.records.has("todo-1"))
        await network.respond(
            with: #"{"data": {"removeTodo": {"deletedTodoId": "todo-1", "user": {"id": "me", "openCount": 0}}}}"#)
        _ = try await done
        // The deferred collection ran when the layer went: nothing is retained.
        #expect(environment.records.ids.map(\.rawValue) == ["client:root"])
    }
}

extension TodoListConnectionTests {
    /// Sends the list query and answers it with `body`; returns the error it fails with.
    func failure(answering body: String) async -> Error? {
        async let fetched = environment.fetchQuery(TodoListQuery(), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: body)
        do {
            _ = try await fetched
            return nil
        } catch {
            return error
        }
    }

    @Test func serverErrorsArriveTypedWithMessagesAndPaths() async throws {
        let error = await failure(
            answering:
                #"{"errors": [{"message": "not signed in", "path": ["viewer", 0], "locations": [{"line": 2, "column": 3}]}]}"#
        )
        guard case .graphQL(let errors)? = error as? RelayError else {
            Issue.record("expected RelayError.graphQL, got \(String(describing: error))")
            return
        }
        #expect(errors.map(\.message) == ["not signed in"])
        #expect(errors.first?.path == [.key("viewer"), .index(0)])
        #expect(environment.records.ids.map(\.rawValue) == ["client:root"])
    }

    @Test func malformedResponsesAreInvalidAndLeaveTheStoreAlone() async throws {
        for body in ["not json", #"{"data": null}"#, "[1, 2]"] {
            let error = await failure(answering: body)
            #expect(error is RelayError, "\(body) gave \(String(describing: error))")
        }
        #expect(environment.records.ids.map(\.rawValue) == ["client:root"])
    }
}
