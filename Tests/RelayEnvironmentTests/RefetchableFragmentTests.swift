import Foundation
import Relay
import Testing

@testable import GoldenTodoList

/// A `@refetchable` fragment (the golden `todo-list` case's `TodoDetails_todo`): `refetch`
/// sends the generated refetch query for the fragment's record, can move the fragment to another
/// record, follows the fetch policy, keeps what it shows when the fetch fails, and lets a newer
/// refetch win over an older one answered later.
@MainActor
struct RefetchableFragmentTests {
    static func todo(_ id: String, _ text: String, complete: Bool = false) -> String {
        #"{"data": {"node": {"__typename": "Todo", "id": "\#(id)", "text": "\#(text)", "complete": \#(complete)}}}"#
    }

    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    /// The details of `todo-1`, once `TodoDetailsQuery` is loaded.
    func details() async throws -> ObservedRefetchableFragment<TodoDetails_todo> {
        async let fetched = environment.fetchQuery(TodoDetailsQuery(id: "todo-1"))
        await network.waitForPending(1)
        await network.respond(with: Self.todo("todo-1", "Buy milk"))
        guard let todo = try await fetched.node?.todo else {
            Issue.record("no to-do in the response")
            throw RelayError.missingData("todo-1")
        }
        return ObservedRefetchableFragment(environment: environment, key: todo)
    }

    @Test func refetchSendsTheRefetchQueryForTheRecord() async throws {
        let details = try await details()
        #expect(details.data?.text == "Buy milk")
        async let refetched: Void = details.refetch(fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        #expect(details.isRefetching)
        #expect(await network.sentNames.last == "TodoDetailsRefetchQuery")
        #expect(await network.variables(0) == ["id": "todo-1"])
        await network.respond(with: Self.todo("todo-1", "Buy oat milk", complete: true))
        try await refetched
        #expect(details.data?.text == "Buy oat milk" && details.data?.complete == true)
        #expect(!details.isRefetching)
    }

    @Test func refetchMovesToAnotherRecordAndFollowsIt() async throws {
        let details = try await details()
        async let refetched: Void = details.refetch(TodoDetailsRefetchQuery.Variables(id: "todo-2"))
        await network.waitForPending(1)
        #expect(await network.variables(0) == ["id": "todo-2"])
        await network.respond(with: Self.todo("todo-2", "Walk the dog"))
        try await refetched
        #expect(details.data?.id == "todo-2" && details.data?.text == "Walk the dog")
        #expect(details.fragment.fragmentPointer.id == "todo-2")

        // It follows its new record, and no longer the old one.
        environment.commitUpdate { store, _ in store.get("todo-2")?.setValue("Walk the cat", "text") }
        for _ in 0..<10_000 where details.data?.text != "Walk the cat" { await Task.yield() }
        #expect(details.data?.text == "Walk the cat")
    }

    @Test func storeOrNetworkServesARecordTheStoreHas() async throws {
        let details = try await details()
        // todo-1 is complete in the store: a store-or-network refetch of it sends nothing.
        try await details.refetch()
        #expect(await network.sentNames == ["TodoDetailsQuery"])
        #expect(details.data?.text == "Buy milk")
    }

    @Test func aFailedRefetchKeepsWhatIsShown() async throws {
        let details = try await details()
        let failed = Task { try await details.refetch(variables: ["id": "todo-9"]) }
        await network.waitForPending(1)
        await network.fail()
        await #expect(throws: RelayError.self) { try await failed.value }
        #expect(details.data?.id == "todo-1" && !details.isRefetching)
    }

    @Test func aNewerRefetchWinsOverAnOlderOneAnsweredLater() async throws {
        let details = try await details()
        let older = Task { try await details.refetch(variables: ["id": "todo-2"]) }
        await network.waitForPending(1)
        let newer = Task { try await details.refetch(variables: ["id": "todo-3"]) }
        await network.waitForPending(2)
        await network.respond(1, with: Self.todo("todo-3", "Newer"))
        try await newer.value
        await network.respond(0, with: Self.todo("todo-2", "Older"))
        try await older.value
        #expect(details.data?.text == "Newer")
        #expect(!details.isRefetching)
    }

    @Test func theRefetchQueryIsRetainedUntilDisposed() async throws {
        let environment = Environment(network: network) {
            $0.releaseBufferSize = 0
        }
        let fragment = TodoDetails_todo(key: TodoKey(fragment_TodoDetails_todo: FragmentPointer(id: "todo-1")))
        async let refetching = environment.refetch(fragment, variables: ["id": "todo-2"])
        await network.waitForPending(1)
        await network.respond(with: Self.todo("todo-2", "Walk the dog"))
        let refetched = try await refetching
        #expect(environment.lookup(refetched.fragment).data?.text == "Walk the dog")
        environment.collectGarbage()
        #expect(environment.records["todo-2"] != nil)
        refetched.retention.dispose()
        environment.collectGarbage()
        #expect(environment.records["todo-2"] == nil)
    }
}

/// A key for `TodoDetails_todo` made by hand, as a parent's data would carry it.
struct TodoKey: TodoDetails_todo_Key {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var fragment_TodoDetails_todo: FragmentPointer
}
