import Foundation
import Relay
import RelaySwiftUI  // `Mutation`, the SwiftUI property wrapper where SwiftUI exists
import Testing

@testable import GoldenTodo

/// The golden Todo case's generated code, run against the environment with an in-memory
/// network: normalization, reading through fragments, and seed 003's optimistic mutation.
@MainActor
struct TodoEnvironmentTests {
    static let listResponse = """
        {"data": {"user": {"id": "me", "todos": {"edges": [
          {"node": {"id": "todo-1", "text": "Buy a horse", "complete": false}},
          {"node": {"id": "todo-2", "text": "Feed the horse", "complete": true}}
        ]}}}}
        """

    nonisolated static func response(id: String, complete: Bool) -> String {
        #"{"data": {"changeTodoStatus": {"todo": {"id": "\#(id)", "complete": \#(complete)}}}}"#
    }

    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    /// Fetches the list and returns the items as the `ToDoItem_todo` fragment reads them.
    func loadList() async throws -> [ToDoItem_todo] {
        async let fetched = environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: Self.listResponse)
        let user = try #require(try await fetched.user)
        let list = try #require(environment.lookup(ToDoList_user(key: user)).data)
        return list.todos.edges?.compactMap { $0?.node.map(ToDoItem_todo.init(key:)) } ?? []
    }

    func complete(_ item: ToDoItem_todo) -> Bool? { environment.lookup(item).data?.complete }

    @Test func normalizesAResponseAndReadsItThroughFragments() async throws {
        let items = try await loadList()
        #expect(items.map { environment.lookup($0).data?.text } == ["Buy a horse", "Feed the horse"])
        #expect(items.map(complete) == [false, true])
        #expect(items.allSatisfy { !environment.lookup($0).isMissingData })
        // The store-only policy now answers without the network.
        let cached = try await environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .storeOnly)
        #expect(cached.user?.id == "me")
        #expect(await network.sentNames == ["CurrentUserToDoListQuery"])
    }

    @Test func readingWithoutDataReportsItMissing() async throws {
        let snapshot = environment.lookup(CurrentUserToDoListQuery())
        #expect(snapshot.isMissingData)
        await #expect(throws: RelayError.self) {
            try await environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .storeOnly)
        }
    }

    @Test func optimisticUpdateShowsAtOnceThenTheServersValue() async throws {
        let item = try await loadList()[0]
        let changeStatus = Mutation<ChangeTodoStatusMutation>(environment: environment)
        changeStatus.mutator.commit(id: "todo-1", complete: true)  // seed 003's convenience API
        #expect(complete(item) == true)
        #expect(changeStatus.isInFlight)
        await network.waitForPending(1)
        #expect(await network.variables(0)["input"] == ["complete": true, "id": "todo-1", "userId": "me"])
        await network.respond(with: Self.response(id: "todo-1", complete: true))
        while changeStatus.isInFlight { await Task.yield() }
        #expect(complete(item) == true)
    }

    @Test func failedMutationRollsBackExactly() async throws {
        let item = try await loadList()[0]
        let changeStatus = Mutation<ChangeTodoStatusMutation>(environment: environment)
        var result: Result<ChangeTodoStatusMutation.Data, Error>?
        changeStatus.mutator.commit(
            variables: .init(input: .init(complete: true, id: "todo-1", userId: "me")),
            optimisticResponse: ["changeTodoStatus": ["todo": ["id": "todo-1", "complete": true]]],
            completion: { result = $0 })
        #expect(complete(item) == true)
        await network.waitForPending(1)
        await network.fail()
        while changeStatus.isInFlight { await Task.yield() }
        #expect(complete(item) == false)
        guard case .failure(let error)? = result else {
            Issue.record("expected the completion to get the error, got \(String(describing: result))")
            return
        }
        #expect(error as? RelayError == .transport("connection reset"))
    }

    @Test func interleavedOptimisticMutationsAreIndependent() async throws {
        let items = try await loadList()
        let changeStatus = Mutation<ChangeTodoStatusMutation>(environment: environment)
        changeStatus.mutator.commit(id: "todo-1", complete: true)
        changeStatus.mutator.commit(id: "todo-2", complete: false)
        #expect(items.map(complete) == [true, false])
        await network.waitForPending(2)
        // The second answers first; then the first fails: only its own change is rolled back.
        // (The two requests reach the network in either order.)
        func changing(_ id: String) -> @Sendable (VariableData) -> Bool {
            { $0["input"] == ["complete": .bool(id == "todo-1"), "id": .string(id), "userId": "me"] }
        }
        await network.respond(
            network.pendingIndex(where: changing("todo-2")), with: Self.response(id: "todo-2", complete: false))
        while changeStatus.inFlightCount > 1 { await Task.yield() }
        #expect(items.map(complete) == [true, false])
        await network.fail(network.pendingIndex(where: changing("todo-1")))
        while changeStatus.isInFlight { await Task.yield() }
        #expect(items.map(complete) == [false, false])
    }

    @Test func laterLayerIsReappliedWhenAnEarlierOneIsRemoved() async throws {
        let items = try await loadList()
        async let first = environment.commitMutation(
            ChangeTodoStatusMutation(input: .init(complete: true, id: "todo-1", userId: "me")),
            optimisticResponse: ["changeTodoStatus": ["todo": ["id": "todo-1", "complete": true]]])
        await network.waitForPending(1)
        async let second = environment.commitMutation(
            ChangeTodoStatusMutation(input: .init(complete: false, id: "todo-1", userId: "me")),
            optimisticResponse: ["changeTodoStatus": ["todo": ["id": "todo-1", "complete": false]]])
        await network.waitForPending(2)
        #expect(complete(items[0]) == false)  // the later layer is on top
        await network.fail(0)
        _ = try? await first
        #expect(complete(items[0]) == false)  // still the second's optimistic value
        await network.respond(0, with: Self.response(id: "todo-1", complete: false))
        _ = try await second
        #expect(complete(items[0]) == false)
    }

    @Test func subscriptionFiresOnlyWhenItsRecordsChange() async throws {
        let items = try await loadList()
        var first = environment.subscribe(items[0]).makeAsyncIterator()
        var second = environment.subscribe(items[1]).makeAsyncIterator()
        #expect(await first.next()?.data?.complete == false)
        #expect(await second.next()?.data?.complete == true)
        async let done = environment.commitMutation(
            ChangeTodoStatusMutation(input: .init(complete: true, id: "todo-1", userId: "me")))
        await network.waitForPending(1)
        await network.respond(with: Self.response(id: "todo-1", complete: true))
        _ = try await done
        #expect(await first.next()?.data?.complete == true)
        // The second item's records did not change: its next snapshot is the one a real change
        // to it produces.
        async let other = environment.commitMutation(
            ChangeTodoStatusMutation(input: .init(complete: false, id: "todo-2", userId: "me")))
        await network.waitForPending(1)
        await network.respond(with: Self.response(id: "todo-2", complete: false))
        _ = try await other
        #expect(await second.next()?.data?.complete == false)
    }
}
