import Foundation
import Testing

@testable import GoldenIncremental
@testable import GoldenTodo
@testable import Relay

/// A response whose values do not fit what the operation selects fails with a typed error that
/// names the path, and writes nothing: the store's records are exactly what they were, the
/// cached good data included, and no optimistic layer is left behind.
struct MalformedResponseTests {
    /// A network that answers every request with the bytes the test gives.
    struct FixedNetwork: Network {
        let body: String

        func execute(request: RequestParameters, variables: VariableData) async throws -> Data { Data(body.utf8) }
    }

    static let goodList = """
        {"user": {"id": "me", "todos": {"edges": [{"node": {"id": "todo-1", "text": "Buy a horse", "complete": false}}]}}}
        """

    /// An environment over `body` with the good list cached and retained.
    static func environment(answering body: String) throws -> Environment {
        let environment = Environment(network: FixedNetwork(body: body))
        let data = try #require(VariableValue(json: try JSONSerialization.jsonObject(with: Data(goodList.utf8))))
        try environment.commitPayload(CurrentUserToDoListQuery(), data: data)
        _ = environment.retain(CurrentUserToDoListQuery())
        return environment
    }

    static func mismatch(_ path: [GraphQLError.PathElement], _ expected: String, _ received: String) -> RelayError {
        .invalidShape(RelayError.ResponseShapeMismatch(path: path, expected: expected, received: received))
    }

    static let cases: [(body: String, error: RelayError)] = [
        (#"{"data": {"user": "a string"}}"#, mismatch([.key("user")], "an object", "a string")),
        (#"{"data": "a string"}"#, mismatch([], "an object", "a string")),
        (#"{"data": [1, 2]}"#, mismatch([], "an object", "a list")),
        (
            #"{"data": {"user": {"id": "me", "todos": {"edges": {"node": {"id": "todo-1"}}}}}}"#,
            mismatch([.key("user"), .key("todos"), .key("edges")], "a list", "an object")
        ),
        (
            #"{"data": {"user": {"id": "me", "todos": [{"edges": []}]}}}"#,
            mismatch([.key("user"), .key("todos")], "an object", "a list")
        ),
        (
            #"{"data": {"user": {"id": 7, "todos": {"edges": []}}}}"#,
            mismatch([.key("user"), .key("id")], "an ID (a string)", "a number")
        ),
        (
            #"{"data": {"user": {"id": "me", "todos": {"edges": [{"node": {"id": "todo-2", "text": "ok", "complete": true}}, 3]}}}}"#,
            mismatch([.key("user"), .key("todos"), .key("edges"), .index(1)], "an object", "a number")
        ),
        (
            #"{"data": {"user": {"id": "me", "todos": {"edges": [{"node": {"id": {"nested": 1}, "text": "x"}}]}}}}"#,
            mismatch(
                [.key("user"), .key("todos"), .key("edges"), .index(0), .key("node"), .key("id")], "an ID (a string)",
                "an object")
        ),
    ]

    @Test(arguments: 0..<cases.count)
    func aMalformedResponseFailsAndWritesNothing(index: Int) async throws {
        let (body, expected) = Self.cases[index]
        let environment = try Self.environment(answering: body)
        let before = environment.store.visible
        await #expect(throws: expected) {
            try await environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .networkOnly)
        }
        #expect(environment.store.visible == before, "the store is as it was")
        #expect(environment.lookup(CurrentUserToDoListQuery()).data?.user?.id == "me")
    }

    /// A mutation's optimistic layer goes when its response is refused: the store is as it was
    /// before the mutation.
    @Test func aMalformedMutationResponseLeavesNoOptimisticLayer() async throws {
        let environment = try Self.environment(answering: #"{"data": {"changeTodoStatus": {"todo": [1]}}}"#)
        let before = environment.store.visible
        await #expect(throws: Self.mismatch([.key("changeTodoStatus"), .key("todo")], "an object", "a list")) {
            try await environment.commitMutation(
                ChangeTodoStatusMutation(input: .init(complete: true, id: "todo-1", userId: "me")),
                optimisticResponse: ["changeTodoStatus": ["todo": ["id": "todo-1", "complete": true]]])
        }
        #expect(environment.store.visible == before)
    }

    /// An optimistic response that does not fit is refused before anything is sent.
    @Test func aMalformedOptimisticResponseIsRefused() async throws {
        let environment = try Self.environment(answering: #"{"data": {"changeTodoStatus": null}}"#)
        let before = environment.store.visible
        await #expect(throws: Self.mismatch([.key("changeTodoStatus")], "an object", "a boolean")) {
            try await environment.commitMutation(
                ChangeTodoStatusMutation(input: .init(complete: true, id: "todo-1", userId: "me")),
                optimisticResponse: ["changeTodoStatus": true])
        }
        #expect(environment.store.visible == before)
    }

    /// A later part of an incremental response that does not fit writes nothing of itself; the
    /// parts before it stay.
    @Test func aMalformedIncrementalPartWritesNothingOfItself() async throws {
        let network = StreamingExecutionTests.StreamingNetwork()
        let environment = Environment(network: network)
        var updates = environment.execute(IncrementalProfileQuery()).makeAsyncIterator()
        let request = await network.nextRequest()
        request.yield(Data(IncrementalDeliveryTests.first.utf8))
        _ = try await updates.next()
        let before = environment.store.visible
        request.yield(
            Data(
                #"{"incremental": [{"id": "1", "items": [{"id": "p2", "title": "Two", "likes": 2}, "oops"]}], "hasNext": true}"#
                    .utf8))
        await #expect(throws: Self.mismatch([.key("viewer"), .key("posts"), .index(2)], "an object", "a string")) {
            _ = try await updates.next()
        }
        #expect(environment.store.visible == before, "p2, before the bad item, is not written either")
    }
}
