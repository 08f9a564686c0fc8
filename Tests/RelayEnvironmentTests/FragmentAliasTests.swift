import Foundation
import Relay
import Testing

@testable import GoldenTodoList

/// `@alias` at run time, on the golden `todo-list` case's `TodoDetailsQuery`
/// (`node(id:) { ...TodoDetails_todo @alias(as: "todo") }`): the alias is the fragment's key
/// where the record is a to-do, and nil where it is another type of node.
struct FragmentAliasTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    func fetchDetails(answer: String) async throws -> TodoDetailsQuery.Data {
        async let fetched = environment.fetchQuery(TodoDetailsQuery(id: "1"), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: answer)
        return try await fetched
    }

    @Test func aMatchingRecordGivesTheFragmentsKey() async throws {
        let data = try await fetchDetails(
            answer: #"{"data": {"node": {"__typename": "Todo", "id": "1", "text": "Buy milk", "complete": false}}}"#)
        let key = try #require(data.node?.todo)
        #expect(environment.lookup(TodoDetails_todo(key: key)).data?.text == "Buy milk")
        // The server text spreads the fragment as written, without the alias.
        let sent = try #require(await network.sentTexts.first ?? nil)
        #expect(sent.contains("...TodoDetails_todo\n") && !sent.contains("alias"))
    }

    @Test func anotherTypeOfNodeGivesNil() async throws {
        let data = try await fetchDetails(answer: #"{"data": {"node": {"__typename": "User", "id": "1"}}}"#)
        #expect(data.node?.__typename == "User")
        #expect(data.node?.todo == nil)
        #expect(!environment.lookup(TodoDetailsQuery(id: "1")).isMissingData)
    }
}
