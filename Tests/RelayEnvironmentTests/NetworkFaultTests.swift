import Foundation
import Relay
import Testing

@testable import GoldenTodo

/// `HTTPNetwork` and the environment against a real loopback server that misbehaves: every
/// fault reaches the caller as a typed `RelayError`, no optimistic layer is left behind, and the
/// store keeps the server's last word.
@MainActor
struct NetworkFaultTests {
    static let list = """
        {"user": {"id": "me", "todos": {"edges": [
          {"node": {"id": "todo-1", "text": "Buy a horse", "complete": false}}
        ]}}}
        """

    /// An environment over `server`, with the list already in the store.
    func environment(_ url: URL, timeout: TimeInterval = 10) throws -> Environment {
        let environment = Environment(network: HTTPNetwork(url: url, timeout: timeout))
        let data = try JSONSerialization.jsonObject(with: Data(Self.list.utf8))
        try environment.commitPayload(CurrentUserToDoListQuery(), data: try #require(VariableValue(json: data)))
        return environment
    }

    func shownComplete(_ environment: Environment) -> Bool? {
        environment.lookup(ToDoItem_todo(key: TodoRecord("todo-1"))).data?.complete
    }

    /// Records an issue unless `error` is a transport error.
    func expectTransport(_ error: Error?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .transport = error as? RelayError else {
            Issue.record("expected a transport error, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
    }

    /// Commits `complete: true` with an optimistic response; returns the error it ends with.
    func failingToggle(_ environment: Environment) async -> Error? {
        do {
            _ = try await environment.commitMutation(
                ChangeTodoStatusMutation(input: .init(complete: true, id: "todo-1", userId: "me")),
                optimisticResponse: ["changeTodoStatus": ["todo": ["id": "todo-1", "complete": true]]])
            return nil
        } catch {
            return error
        }
    }

    @Test func anHTTPErrorStatusIsTypedAndRollsBack() async throws {
        let server = try MisbehavingServer(.respond(status: 500, body: "internal trouble"))
        let environment = try environment(server.url)
        let error = await failingToggle(environment)
        #expect(error as? RelayError == .httpStatus(500, body: "internal trouble"))
        #expect(shownComplete(environment) == false)
        #expect(server.requests == 1)
    }

    @Test func aBodyThatIsNotJSONIsAnInvalidResponse() async throws {
        let server = try MisbehavingServer(.respond(status: 200, body: "<html>gateway</html>"))
        let environment = try environment(server.url)
        let error = await failingToggle(environment)
        guard case .invalidResponse = error as? RelayError else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(shownComplete(environment) == false)
    }

    @Test func errorsWithPartialDataFailTheMutationAndKeepTheServersData() async throws {
        let body = """
            {"data": {"changeTodoStatus": {"todo": {"id": "todo-1", "complete": false}}},
             "errors": [{"message": "could not notify the list's owner", "path": ["changeTodoStatus"]}]}
            """
        let server = try MisbehavingServer(.respond(status: 200, body: body))
        let environment = try environment(server.url)
        let error = await failingToggle(environment)
        guard case .graphQL(let errors) = error as? RelayError else {
            Issue.record("expected graphQL errors, got \(String(describing: error))")
            return
        }
        #expect(errors.map(\.message) == ["could not notify the list's owner"])
        #expect(shownComplete(environment) == false)  // the server's value; no layer left
    }

    @Test func aConnectionClosedWithoutAnswerIsATransportError() async throws {
        let server = try MisbehavingServer(.closeWithoutAnswer)
        let environment = try environment(server.url)
        let error = await failingToggle(environment)
        expectTransport(error)
        #expect(shownComplete(environment) == false)
    }

    @Test func aRefusedConnectionIsAConnectionFailure() async throws {
        // Nothing reached the server: what an offline queue waits after.
        let port = try MisbehavingServer.unusedPort()
        let environment = try environment(URL(string: "http://127.0.0.1:\(port)/graphql")!)
        let error = await failingToggle(environment)
        guard case .connectionFailed = error as? RelayError else {
            Issue.record("expected a connection failure, got \(String(describing: error))")
            return
        }
        #expect(shownComplete(environment) == false)
    }

    @Test func aTimeoutIsATransportErrorBeforeTheServerAnswers() async throws {
        // The server answers with success after 120 s; the client gives up after 0.5 s. Only the
        // timeout can turn that answer into a transport error, and no scheduling delay on a
        // loaded machine comes near 120 s, so the outcome proves the timeout without a clock.
        let body = #"{"data": {"changeTodoStatus": {"todo": {"id": "todo-1", "complete": true}}}}"#
        let server = try MisbehavingServer(.delay(seconds: 120, status: 200, body: body))
        let environment = try environment(server.url, timeout: 0.5)
        let error = await failingToggle(environment)
        expectTransport(error)
        #expect(shownComplete(environment) == false)
    }

    /// The caller stops waiting (its task is cancelled): the call ends with `CancellationError`
    /// and the optimistic layer is gone when it returns; the server's answer arrives later and
    /// changes nothing.
    @Test func anAnswerAfterTheCallerStoppedWaitingChangesNothing() async throws {
        let body = #"{"data": {"changeTodoStatus": {"todo": {"id": "todo-1", "complete": true}}}}"#
        let server = try MisbehavingServer(.delay(seconds: 1, status: 200, body: body))
        let environment = try environment(server.url)
        let task = Task { await failingToggle(environment) }
        while server.requests == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(shownComplete(environment) == true)  // optimistic
        task.cancel()
        let error = await task.value
        #expect(error is CancellationError, "got \(String(describing: error))")
        #expect(shownComplete(environment) == false)
        try await Task.sleep(for: .milliseconds(1_500))  // the late answer has come and gone
        #expect(shownComplete(environment) == false)
    }
}
