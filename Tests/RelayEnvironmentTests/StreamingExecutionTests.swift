import Foundation
import Relay
import Testing

@testable import GoldenTodo

/// A request whose network delivers more than one payload: each is written to the store as it
/// arrives, subscribers see each, and a mutation's optimistic layer goes with the first.
struct StreamingExecutionTests {
    /// A network whose requests stay open until the test sends their payloads and ends them.
    final class StreamingNetwork: Network, @unchecked Sendable {
        typealias Stream = AsyncThrowingStream<Data, Error>
        private let lock = NSLock()
        private var open: [Stream.Continuation] = []

        func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
            throw RelayError.transport("this network only streams")
        }

        func payloads(request: RequestParameters, variables: VariableData) -> Stream {
            let (stream, continuation) = Stream.makeStream()
            lock.withLock { open.append(continuation) }
            return stream
        }

        /// The oldest open request, once it was sent.
        func nextRequest() async -> Stream.Continuation {
            while true {
                let first = lock.withLock { open.isEmpty ? nil : open.removeFirst() }
                if let first { return first }
                await Task.yield()
            }
        }
    }

    static func list(complete: Bool) -> Data {
        Data(
            #"{"data": {"user": {"id": "me", "todos": {"edges": [{"node": {"id": "todo-1", "text": "Buy a horse", "complete": \#(complete)}}]}}}}"#
                .utf8)
    }

    let network = StreamingNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    /// Writes the list as a response would, without the network.
    func commitList(complete: Bool) throws {
        guard case .object(let response) = try VariableValue.parse(Self.list(complete: complete)),
            let data = response["data"]
        else { throw RelayError.invalidResponse("the test's list has no data") }
        try environment.commitPayload(CurrentUserToDoListQuery(), data: data)
    }

    /// Loads the list, then marks todo-1 complete with an optimistic response; returns the
    /// mutation and its open request.
    func completeTodo1Optimistically() async throws -> (
        Task<ChangeTodoStatusMutation.Data, Error>, StreamingNetwork.Stream.Continuation
    ) {
        try commitList(complete: false)
        let mutation = Task {
            try await environment.commitMutation(
                ChangeTodoStatusMutation(input: .init(complete: true, id: "todo-1", userId: "me")),
                optimisticResponse: ["changeTodoStatus": ["todo": ["id": "todo-1", "complete": true]]])
        }
        return (mutation, await network.nextRequest())
    }

    func shownComplete() -> Bool? {
        environment.lookup(ToDoItem_todo(key: TodoRecord("todo-1"))).data?.complete
    }

    @Test func everyPayloadIsWrittenAsItArrives() async throws {
        var updates = environment.subscribe(ToDoItem_todo(key: TodoRecord("todo-1"))).makeAsyncIterator()
        #expect(await updates.next()?.data == nil)  // not in the store yet
        let fetched = Task { try await environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .networkOnly) }
        let request = await network.nextRequest()
        request.yield(Self.list(complete: false))
        #expect(await updates.next()?.data?.complete == false)
        request.yield(Self.list(complete: true))
        #expect(await updates.next()?.data?.complete == true)
        request.finish()
        let data = try await fetched.value
        #expect(data.user?.id == "me")
        #expect(shownComplete() == true)
    }

    @Test func theOptimisticLayerGoesWithTheFirstPayload() async throws {
        let (mutation, request) = try await completeTodo1Optimistically()
        #expect(shownComplete() == true)  // optimistic
        var updates = environment.subscribe(ToDoItem_todo(key: TodoRecord("todo-1"))).makeAsyncIterator()
        #expect(await updates.next()?.data?.complete == true)
        // The server's first payload says otherwise: the layer is gone with it, at once.
        request.yield(Data(TodoEnvironmentTests.response(id: "todo-1", complete: false).utf8))
        #expect(await updates.next()?.data?.complete == false)
        request.yield(Data(TodoEnvironmentTests.response(id: "todo-1", complete: true).utf8))
        #expect(await updates.next()?.data?.complete == true)
        request.finish()
        #expect(try await mutation.value.changeTodoStatus?.todo.complete == true)
    }

    @Test func aStreamEndingWithoutAPayloadFailsAndRollsBack() async throws {
        let (mutation, request) = try await completeTodo1Optimistically()
        #expect(shownComplete() == true)
        request.finish()
        await #expect(throws: RelayError.invalidResponse("the network delivered no response")) {
            try await mutation.value
        }
        #expect(shownComplete() == false)
    }
}
