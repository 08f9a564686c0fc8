import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@testable import GoldenClientState

/// Client schema extensions at run time, on the `client-state` golden case: local fields are
/// never sent, read from the store (nil until written, which is not missing data), written with
/// `commitLocalUpdate`, kept when the server answers again, and a query of local fields only is
/// answered without a request.
struct ClientExtensionTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    static func todoList(text: String = "Buy milk") -> String {
        """
        {"data": {"viewer": {"id": "me", "name": "Ada", "todos": [
          {"id": "t1", "text": "\(text)", "complete": false},
          {"id": "t2", "text": "Walk the dog", "complete": true}
        ]}}}
        """
    }

    func fetchTodoList(answer: String = todoList()) async throws -> TodoListQuery.Data {
        async let fetched = environment.fetchQuery(TodoListQuery(), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: answer)
        return try await fetched
    }

    func select(_ id: DataID, note: String? = nil) {
        environment.commitLocalUpdate { store in
            store.get(id)?.setValue(true, "isSelected")
            if let note { store.get(id)?.setValue(.string(note), "localNote") }
        }
    }

    func row(_ index: Int) throws -> TodoRow_todo.Data {
        let data = try #require(environment.lookup(TodoListQuery()).data?.viewer)
        return try #require(environment.lookup(TodoRow_todo(key: data.todos[index])).data)
    }

    @Test func theServerGetsNoClientField() async throws {
        _ = try await fetchTodoList()
        let sent = try #require(await network.sentTexts.first ?? nil)
        for field in ["isSelected", "localNote", "draft", "priority", "visibilityFilter"] {
            #expect(!sent.contains(field), "\(field) was sent")
        }
        #expect(sent.contains("complete") && sent.contains("todos"))
        #expect(LocalSettingsQuery.node.params.text == nil && LocalSettingsQuery.node.params.id == nil)
    }

    @Test func unwrittenClientFieldsAreNilNotMissing() async throws {
        let data = try await fetchTodoList()
        #expect(data.visibilityFilter == nil && data.viewer?.draft == nil)
        let snapshot = environment.lookup(TodoListQuery())
        #expect(!snapshot.isMissingData && snapshot.missingFields.isEmpty)
        let row = try row(0)
        #expect(row.text == "Buy milk" && row.isSelected == nil && row.localNote == nil)
        // So the store has the query's data: no second request.
        #expect(environment.isAvailable(TodoListQuery()))
        _ = try await environment.fetchQuery(TodoListQuery(), fetchPolicy: .storeOrNetwork)
        #expect(await network.sentNames.count == 1)
    }

    @Test func aLocalUpdateIsReadBack() async throws {
        _ = try await fetchTodoList()
        select("t1", note: "oat milk")
        environment.commitLocalUpdate { store in
            store.root.setValue("active", "visibilityFilter")
            let draft = store.create(dataID: "client:draft", typename: "Draft")
            draft.setValue("Call Grace", "text")
            draft.setValue("HIGH", "priority")
            store.get("me")?.setLinkedRecord(draft, "draft")
        }
        let data = try #require(environment.lookup(TodoListQuery()).data)
        #expect(data.visibilityFilter == "active")
        #expect(data.viewer?.draft?.text == "Call Grace" && data.viewer?.draft?.priority == .high)
        #expect(try row(0).isSelected == true && row(0).localNote == "oat milk")
        #expect(try row(1).isSelected == nil)
    }

    @Test func clientFieldsSurviveAServerRefetch() async throws {
        _ = try await fetchTodoList()
        select("t1", note: "oat milk")
        let refetched = try await fetchTodoList(answer: Self.todoList(text: "Buy oat milk"))
        #expect(refetched.viewer?.todos.first?.text == "Buy oat milk")
        #expect(await network.sentNames.count == 2)
        let row = try row(0)
        #expect(row.text == "Buy oat milk" && row.isSelected == true && row.localNote == "oat milk")
    }

    @Test func aClientOnlyQueryIsAnsweredWithoutARequest() async throws {
        for policy in [FetchPolicy.storeOrNetwork, .networkOnly, .storeAndNetwork] {
            let unset = try await environment.fetchQuery(LocalSettingsQuery(), fetchPolicy: policy)
            #expect(unset.visibilityFilter == nil && unset.isOffline == nil)
        }
        environment.commitLocalUpdate { store in
            store.root.setValue("done", "visibilityFilter")
            store.root.setValue(true, "isOffline")
        }
        let settings = try await environment.fetchQuery(LocalSettingsQuery(), fetchPolicy: .networkOnly)
        #expect(settings.visibilityFilter == "done" && settings.isOffline == true)
        #expect(await network.sentNames.isEmpty)
    }

    @Test func aSubscribedFragmentSeesALocalUpdate() async throws {
        _ = try await fetchTodoList()
        let data = try #require(environment.lookup(TodoListQuery()).data?.viewer)
        var updates = environment.subscribe(TodoRow_todo(key: data.todos[1])).makeAsyncIterator()
        #expect(await updates.next()?.data?.isSelected == nil)
        select("t2")
        #expect(await updates.next()?.data?.isSelected == true)
    }
}
