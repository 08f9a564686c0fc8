import Foundation
import Relay
import Testing

@testable import GoldenRawResponse

/// `@raw_response_type` at run time, on the `raw-response` golden case: a typed optimistic
/// response shows at once and gives way to the server's answer (or rolls back exactly when the
/// request fails), and a typed payload is committed to the store.
struct RawResponseTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    /// Puts to-do `1` in the store with a typed payload and returns its row's data.
    func storedTodo() throws -> TodoRow_todo.Data {
        try environment.commitPayload(
            TodoRowQuery(id: "1"),
            TodoRowQuery.RawResponse(
                node: .init(__typename: "Todo", id: "1", text: "Buy milk", status: .case(.open), editedAt: nil)))
        let key = try #require(environment.lookup(TodoRowQuery(id: "1")).data?.node?.todo)
        return try #require(environment.lookup(TodoRow_todo(key: key)).data)
    }

    /// The text to-do `1`'s row shows.
    func shownText() -> String? {
        guard let key = environment.lookup(TodoRowQuery(id: "1")).data?.node?.todo else { return nil }
        return environment.lookup(TodoRow_todo(key: key)).data?.text
    }

    @Test func aTypedPayloadIsCommitted() throws {
        let todo = try storedTodo()
        #expect(todo.text == "Buy milk" && todo.status == .open && todo.editedAt == nil)
        #expect(!environment.lookup(TodoRowQuery(id: "1")).isMissingData)
    }

    @Test func aNullableNilIsNullAndAnAbsentNilIsLeftOut() {
        let todo = RenameTodoMutation.RawResponse.RenameTodoPayload_renameTodo.Todo_todo(
            id: "1", text: "Buy milk", status: .case(.done), editedAt: nil)
        guard case .object(let fields) = todo.variableValue else {
            Issue.record("a raw response object is a JSON object")
            return
        }
        #expect(fields["editedAt"] == .null && fields["status"] == .string("DONE"))
        // `owner` is under `@include(if: $withOwner)`: nil says nothing about it.
        #expect(fields["owner"] == nil && fields.count == 4)
    }

    @Test func theOptimisticResponseShowsUntilTheServerAnswers() async throws {
        let todo = try storedTodo()
        async let renamed = rename(todo, to: "Buy oat milk", in: environment)
        await network.waitForPending(1)
        #expect(shownText() == "Buy oat milk")
        await network.respond(
            with: #"""
                {"data": {"renameTodo": {"todo": {"id": "1", "text": "Buy oat milk!", "status": "OPEN",
                "editedAt": "2026-11-25"}, "actor": {"__typename": "Bot", "id": "bot-1", "name": "Tidy", "version": 2}}}}
                """#)
        let data = try await renamed
        #expect(shownText() == "Buy oat milk!")
        guard case .bot(let bot)? = data.renameTodo?.actor else {
            Issue.record("expected the bot that renamed it")
            return
        }
        #expect(bot.version == 2)
    }

    @Test func aFailedMutationRollsTheOptimisticResponseBack() async throws {
        let todo = try storedTodo()
        async let renamed = rename(todo, to: "Buy oat milk", in: environment)
        await network.waitForPending(1)
        #expect(shownText() == "Buy oat milk")
        await network.fail()
        let failed: Bool
        do {
            _ = try await renamed
            failed = false
        } catch {
            failed = true
        }
        #expect(failed)
        #expect(shownText() == "Buy milk")
        #expect(environment.lookup(TodoRowQuery(id: "1")).data?.node?.todo != nil)
    }

    @Test func theServerGetsNoDirective() async throws {
        let todo = try storedTodo()
        async let renamed = rename(todo, to: "Buy oat milk", in: environment)
        await network.waitForPending(1)
        let sent = try #require(await network.sentTexts.first ?? nil)
        #expect(!sent.contains("raw_response_type") && sent.contains("...TodoRow_todo"))
        await network.fail()
        _ = try? await renamed
    }
}
