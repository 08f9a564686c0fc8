import Foundation
import Relay
import Testing

@testable import GoldenTodoList

/// A `@relay(plural: true)` fragment (`PinnedTodos_todos`, spread on a list) read, subscribed
/// and observed from the list's keys.
@MainActor
struct PluralFragmentTests {
    static let response = """
        {"data": {"viewer": {"id": "me", "pinned": [
          {"id": "todo-1", "text": "Buy a horse"},
          {"id": "todo-2", "text": "Feed the horse"}
        ]}}}
        """

    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    /// The pinned list's items (the plural fragment's keys), once the query is loaded.
    func pinnedKeys() async throws -> [PinnedTodosQuery.Data.User_viewer.Todo_pinned] {
        async let fetched = environment.fetchQuery(PinnedTodosQuery())
        await network.waitForPending(1)
        await network.respond(with: Self.response)
        return try #require(try await fetched.viewer).pinned
    }

    /// The plural fragment over the pinned list, once the query is loaded.
    func pinned() async throws -> PinnedTodos_todos {
        PinnedTodos_todos(keys: try await pinnedKeys())
    }

    func rename(_ id: DataID, _ text: String) {
        environment.commitUpdate { store, _ in store.get(id)?.setValue(.string(text), "text") }
    }

    @Test func readsEveryRecordInOrder() async throws {
        let fragment = try await pinned()
        let snapshot = environment.lookup(fragment)
        #expect(snapshot.data?.map(\.text) == ["Buy a horse", "Feed the horse"])
        #expect(!snapshot.isMissingData)
        #expect(environment.lookup(PinnedTodos_todos(keys: [])).data?.isEmpty == true)
    }

    @Test func aSubscriptionFollowsEachRecord() async throws {
        let fragment = try await pinned()
        var updates = environment.subscribe(fragment).makeAsyncIterator()
        #expect(await updates.next()?.data?.map(\.text) == ["Buy a horse", "Feed the horse"])
        rename("todo-2", "Groom the horse")
        #expect(await updates.next()?.data?.map(\.text) == ["Buy a horse", "Groom the horse"])
        environment.commitUpdate { store, _ in store.delete("todo-1") }
        #expect(await updates.next()?.data == nil)
    }

    @Test func anObservedPluralFragmentFollowsTheStore() async throws {
        let keys = try await pinnedKeys()
        let observed = ObservedPluralFragment<PinnedTodos_todos>(environment: environment, keys: keys)
        #expect(observed.data?.count == 2)
        rename("todo-1", "Ride the horse")
        for _ in 0..<10_000 where observed.data?.first?.text != "Ride the horse" { await Task.yield() }
        #expect(observed.data?.first?.text == "Ride the horse")
    }
}
