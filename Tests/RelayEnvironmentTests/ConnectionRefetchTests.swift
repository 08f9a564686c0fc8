import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@testable import GoldenTodoList

/// A connection fetched again from its start keeps the edge record at each place whose node is
/// the same (Relay makes new ones each time): a refetch that changes nothing changes no record
/// and leaves no garbage.
struct ConnectionRefetchTests {
    static func list(_ nodes: [(id: String, cursor: String)]) throws -> VariableValue {
        let edges = nodes.map { node in
            #"{"cursor": "\#(node.cursor)", "node": {"__typename": "Todo", "id": "\#(node.id)", "text": "To do", "complete": false}}"#
        }
        let json = #"""
            {"viewer": {"id": "me", "openCount": 1, "todos": {"edges": [\#(edges.joined(separator: ","))],
             "pageInfo": {"endCursor": "c", "hasNextPage": false}}}}
            """#
        return try VariableValue(parsingJSON: json)
    }

    let environment = Environment(network: MockNetwork())
    let connection = ConnectionHandler.getConnectionID("me", key: "TodoList_todos")

    func edges() -> [DataID?] {
        guard case .links(let edges)? = environment.records[connection]?["edges"] else { return [] }
        return edges
    }

    @Test func theSamePageAgainChangesNoRecord() throws {
        let page = try Self.list([("todo-1", "c1"), ("todo-2", "c2")])
        try environment.commitPayload(TodoListQuery(), data: page)
        let before = environment.records
        try environment.commitPayload(TodoListQuery(), data: page)
        #expect(environment.records == before)
    }

    @Test func aPlaceWhoseNodeChangedGetsANewEdgeAndTheOthersKeepTheirs() throws {
        try environment.commitPayload(TodoListQuery(), data: try Self.list([("todo-1", "c1"), ("todo-2", "c2")]))
        let first = edges()
        try environment.commitPayload(TodoListQuery(), data: try Self.list([("todo-1", "c1b"), ("todo-3", "c3")]))
        let second = edges()
        #expect(second.count == 2)
        #expect(second.first == first.first)
        #expect(second.last != first.last)
        // The kept edge has the server's new cursor; the new one links the new node.
        let kept = try #require(second.first ?? nil)
        let added = try #require(second.last ?? nil)
        #expect(environment.records[kept]?["cursor"] == .scalar("c1b"))
        #expect(environment.records[added]?["node"] == .link("todo-3"))
    }
}
