import Foundation
import FuzzSupport
import Relay

/// A server's response for the golden todo-list case's query and mutations, arbitrary bytes
/// taken as JSON: normalized into the store and read back through the generated fragments.
/// Nothing may crash or hang, whatever the shape of the data.
@_cdecl("FuzzNormalize_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        guard let data, size > 0,
            let object = try? JSONSerialization.jsonObject(
                with: Data(bytes: data, count: size), options: [.fragmentsAllowed]),
            let value = VariableValue(json: object)
        else { return 0 }
        let environment = Environment(network: NoNetwork())
        environment.commitPayload(TodoListQuery(), data: value)
        let snapshot = environment.lookup(TodoListQuery())
        if let viewer = snapshot.data?.viewer {
            _ = environment.lookup(TodoList_viewer(key: viewer))
        }
        environment.commitPayload(
            AddTodoMutation(variables: .init(input: .init(text: "x", userId: "me"), connections: [])), data: value)
        environment.commitPayload(RemoveTodoMutation(input: .init(id: "t", userId: "me")), data: value)
        _ = environment.records.description
        return 0
    }
}

/// The harness never goes to the network.
struct NoNetwork: Network {
    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        throw RelayError.transport("no network in the fuzz harness")
    }
}
