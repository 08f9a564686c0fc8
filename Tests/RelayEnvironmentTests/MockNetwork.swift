import Foundation
import Relay
import Testing

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
    private(set) var sentTexts: [String?] = []
    /// The `extensions.idempotencyKey` of each request's body as the bundled networks write it.
    private(set) var sentIdempotencyKeys: [String?] = []

    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        let body = try? JSONSerialization.jsonObject(with: request.requestBody(variables: variables)) as? [String: Any]
        sentIdempotencyKeys.append((body?["extensions"] as? [String: Any])?["idempotencyKey"] as? String)
        sentNames.append(request.name)
        sentTexts.append(request.text)
        sentVariables.append(variables)
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(Request(name: request.name, variables: variables, continuation: continuation))
        }
    }

    /// Waits until `count` requests are waiting for an answer. A request that never comes fails
    /// the test (after a million turns of the scheduler) rather than hanging it.
    func waitForPending(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        var turns = 0
        while pending.count < count, turns < 1_000_000 {
            await Task.yield()
            turns += 1
        }
        if pending.count < count {
            Issue.record("expected \(count) pending requests, have \(pending.count)", sourceLocation: sourceLocation)
        }
    }

    /// Answers the pending request at `index` with a JSON body.
    func respond(_ index: Int = 0, with json: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard pending.indices.contains(index) else {
            Issue.record("no pending request \(index) to answer", sourceLocation: sourceLocation)
            return
        }
        pending.remove(at: index).continuation.resume(returning: Data(json.utf8))
    }

    /// Fails the pending request at `index`.
    func fail(
        _ index: Int = 0, with error: Error = RelayError.transport("connection reset"),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard pending.indices.contains(index) else {
            Issue.record("no pending request \(index) to fail", sourceLocation: sourceLocation)
            return
        }
        pending.remove(at: index).continuation.resume(throwing: error)
    }

    /// The position of the pending request whose variables satisfy `matches`: requests sent
    /// from concurrent tasks arrive in any order, so tests find them by what they ask for.
    func pendingIndex(
        where matches: @Sendable (VariableData) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    )
        -> Int
    {
        guard let index = pending.firstIndex(where: { matches($0.variables) }) else {
            Issue.record("no pending request matches", sourceLocation: sourceLocation)
            return pending.count
        }
        return index
    }

    /// The variables of the pending request at `index` (empty, and a failed test, when there is none).
    func variables(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) -> VariableData {
        guard pending.indices.contains(index) else {
            Issue.record("no pending request \(index)", sourceLocation: sourceLocation)
            return [:]
        }
        return pending[index].variables
    }
}
