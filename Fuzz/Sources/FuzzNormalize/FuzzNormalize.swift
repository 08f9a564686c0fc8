import Foundation
import FuzzSupport
import Relay

/// A server's response for the golden todo-list case's query and mutations, arbitrary bytes
/// taken as JSON: normalized into a store that already holds a good list, and read back
/// through the generated fragments. Nothing may crash or hang, whatever the shape of the data,
/// and a payload that is refused (it does not fit the selections) leaves every record as it was.
@_cdecl("FuzzNormalize_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        // The runtime's own parser, as responses take.
        guard let data, size > 0, let value = try? VariableValue.parse(Data(bytes: data, count: size)) else {
            return 0
        }
        let environment = Environment(network: NoNetwork())
        do {
            try environment.commitPayload(TodoListQuery(), data: goodList)
        } catch {
            fatalError("the harness's own list does not fit its query: \(error)")
        }
        commit(value, TodoListQuery(), into: environment)
        let snapshot = environment.lookup(TodoListQuery())
        if let viewer = snapshot.data?.viewer {
            _ = environment.lookup(TodoList_viewer(key: viewer))
        }
        commit(
            value, AddTodoMutation(variables: .init(input: .init(text: "x", userId: "me"), connections: [])),
            into: environment)
        commit(value, RemoveTodoMutation(input: .init(id: "t", userId: "me")), into: environment)
        _ = environment.records.description
        return 0
    }
}

/// Commits `value` for `operation`; a refused payload must have changed nothing.
private func commit<Op: Relay.Operation>(_ value: VariableValue, _ operation: Op, into environment: Environment) {
    let before = environment.records
    do {
        try environment.commitPayload(operation, data: value)
    } catch {
        guard case .invalidShape = error else { fatalError("a payload failed with \(error), not a shape mismatch") }
        if environment.records != before { fatalError("a refused payload changed the store: \(error)") }
    }
}

private let goodList: VariableValue = [
    "viewer": [
        "id": "me", "openCount": 1,
        "todos": [
            "edges": [["cursor": "c1", "node": ["__typename": "Todo", "id": "t1", "text": "a", "complete": false]]],
            "pageInfo": ["hasNextPage": false, "endCursor": "c1"],
        ],
    ]
]

/// The harness never goes to the network.
struct NoNetwork: Network {
    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        throw RelayError.transport("no network in the fuzz harness")
    }
}
