import Foundation
import Relay

/// An in-memory server the test drives: every request waits until the test answers it (in any
/// order), fails it, or the network was told to answer automatically.
actor MockNetwork: Network {
    struct Request {
        let name: String
        let variables: VariableData
        let continuation: CheckedContinuation<Data, Error>
    }

    private(set) var pending: [Request] = []
    private(set) var sentNames: [String] = []
    private(set) var sentVariables: [VariableData] = []

    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        sentNames.append(request.name)
        sentVariables.append(variables)
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(Request(name: request.name, variables: variables, continuation: continuation))
        }
    }

    /// Waits until `count` requests are waiting for an answer.
    func waitForPending(_ count: Int) async {
        while pending.count < count { await Task.yield() }
    }

    /// Answers the pending request at `index` with a JSON body.
    func respond(_ index: Int = 0, with json: String) {
        pending.remove(at: index).continuation.resume(returning: Data(json.utf8))
    }

    /// Fails the pending request at `index`.
    func fail(_ index: Int = 0, with error: Error = RelayError.transport("connection reset")) {
        pending.remove(at: index).continuation.resume(throwing: error)
    }

    func variables(_ index: Int) -> VariableData { pending[index].variables }
}
