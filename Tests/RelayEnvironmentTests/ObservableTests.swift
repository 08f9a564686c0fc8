import Foundation
import Relay
import RelaySwiftUI  // `Mutation`, the SwiftUI property wrapper where SwiftUI exists
import Testing

@testable import GoldenTodo

/// `Query` and `ObservedFragment`, the `@Observable` objects views hold: loading, failure,
/// success, and following the store after a mutation.
@MainActor
struct ObservableTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network) {
            $0.releaseBufferSize = 0
        }
    }

    /// Yields until `condition` holds (the observable's tasks run on the main actor too).
    func eventually(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
    }

    @Test func queryLoadsThenFollowsTheStore() async throws {
        let query = Query<CurrentUserToDoListQuery>(environment: environment, variables: .init())
        guard case .loading = query.state else {
            Issue.record("expected .loading before the server answers, got \(query.state)")
            return
        }
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.listResponse)
        await eventually { query.data != nil }
        let user = try #require(query.data?.user)
        let list = try #require(environment.lookup(ToDoList_user(key: user)).data)
        let node = try #require(list.todos.edges?.first??.node)
        let item = ObservedFragment<ToDoItem_todo>(environment: environment, key: node)
        #expect(item.data?.complete == false)
        // A mutation changes the record: the fragment follows.
        Mutation<ChangeTodoStatusMutation>(environment: environment).mutator.commit(id: "todo-1", complete: true)
        await eventually { item.data?.complete == true }
        #expect(item.data?.complete == true)
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.response(id: "todo-1", complete: true))
        // The records stay while the query is retained; `stop()` releases them, except what a
        // live fragment still reads.
        environment.collectGarbage()
        #expect(environment.records.has("me"))
        query.stop()
        await eventually {
            environment.collectGarbage()
            return !environment.records.has("me")
        }
        #expect(!environment.records.has("me"))
        #expect(environment.records["todo-1"]?["complete"] == .scalar(true))
    }

    @Test func queryFromTheStoreNeedsNoNetwork() async throws {
        async let loaded = environment.fetchQuery(CurrentUserToDoListQuery())
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.listResponse)
        _ = try await loaded
        let query = Query<CurrentUserToDoListQuery>(environment: environment, variables: .init())
        #expect(query.data?.user?.id == "me")
        #expect(await network.sentNames.count == 1)
    }

    @Test func queryReportsAFailure() async throws {
        let query = Query<CurrentUserToDoListQuery>(environment: environment, variables: .init())
        await network.waitForPending(1)
        await network.fail()
        await eventually { query.error != nil }
        #expect(query.error as? RelayError == .transport("connection reset"))
        // A refetch that succeeds replaces the failure.
        query.refetch()
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.listResponse)
        await eventually { query.data != nil }
        #expect(query.data?.user?.id == "me")
    }

    @Test func storeOnlyQueryWithoutDataFails() {
        let query = Query<CurrentUserToDoListQuery>(
            environment: environment, variables: .init(), fetchPolicy: .storeOnly)
        #expect(query.error is RelayError)
    }
}
