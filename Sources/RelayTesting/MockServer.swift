import Foundation
@_spi(RelayGenerated) import Relay

/// The `Network` of a `MockEnvironment`. It answers as the test scripted (Relay.swift's
/// `mockResponse`, `mockFailure`, held answers), and otherwise as relay-test-utils' mock
/// environment does: each request waits as a pending `MockOperation` until the test resolves,
/// rejects, or streams payloads to it (`resolveMostRecentOperation`, `nextValue`, `complete`),
/// or a queued resolver answers it on arrival (`queueOperationResolver`). It records what was
/// asked.
public final class MockServer: Network, @unchecked Sendable {
    /// A request the server received: the operation's name and its variables.
    public struct Request: Hashable, Sendable {
        public let operation: String
        public let variables: VariableData
    }

    /// What a request that nothing scripted answers gets.
    public enum Unanswered: Sendable {
        /// A `RelayError.transport` naming the operation (Relay.swift's mock).
        case fail
        /// It waits as a pending operation until the test answers it (Relay's mock).
        case pending
    }

    /// What answers operations as they arrive: a payload, an error, or nil to leave it to the
    /// next resolver (or pending).
    public typealias OperationResolver = @Sendable (MockOperation) -> Result<VariableValue, Error>?

    private let lock = NSLock()
    private let operationTypes: [String: any Relay.Operation.Type]
    private let unanswered: Unanswered
    private var answers: [String: Result<VariableValue, Error>] = [:]
    private var heldOperations: Set<String> = []
    private var held: [Waiting] = []
    private var waiting: [Waiting] = []
    private var resolvers: [OperationResolver] = []
    private var received: [Request] = []
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// A request waiting for its answer.
    private struct Waiting {
        let operation: MockOperation
        let continuation: AsyncThrowingStream<Data, Error>.Continuation
    }

    public init(operations: [any Relay.Operation.Type] = [], unanswered: Unanswered = .fail) {
        var types: [String: any Relay.Operation.Type] = [:]
        for type in operations { types[type.node.params.name] = type }
        operationTypes = types
        self.unanswered = unanswered
    }

    /// The requests received so far, in order.
    public var requests: [Request] { lock.withLock { received } }

    public func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        for try await payload in payloads(request: request, variables: variables) { return payload }
        throw RelayError.invalidResponse("the mock completed \(request.name) without a payload")
    }

    public func payloads(request: RequestParameters, variables: VariableData) -> AsyncThrowingStream<Data, Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, Error>.makeStream()
        let name = request.name
        let (operation, queued) = lock.withLock {
            let operation = MockOperation(
                index: received.count, name: name, variables: variables, request: request,
                operationType: operationTypes[name])
            received.append(Request(operation: name, variables: variables))
            return (operation, resolvers)
        }
        // Resolvers are the test's code: asked outside the lock, in the order queued.
        var answer = queued.lazy.compactMap { $0(operation) }.first
        if answer == nil {
            answer = lock.withLock { () -> Result<VariableValue, Error>? in
                if heldOperations.contains(name) {
                    held.append(Waiting(operation: operation, continuation: continuation))
                    return nil
                }
                if let answer = answers[name] { return answer }
                switch unanswered {
                case .fail: return .failure(RelayError.transport("no mocked response for \(name)"))
                case .pending:
                    waiting.append(Waiting(operation: operation, continuation: continuation))
                    let ready = watchers.filter { $0.count <= waiting.count }
                    watchers.removeAll { $0.count <= waiting.count }
                    for watcher in ready { watcher.continuation.resume() }
                    return nil
                }
            }
        }
        if let answer { Self.deliver(answer, to: continuation, finishing: true) }
        continuation.onTermination = { [weak self] _ in self?.forget(operation) }
        return stream
    }

    // MARK: Relay's pending operations

    /// The operations waiting for an answer, oldest first.
    public var pendingOperations: [MockOperation] { lock.withLock { waiting.map(\.operation) } }

    /// The newest pending operation.
    public var mostRecentOperation: MockOperation? { pendingOperations.last }

    /// The first pending operation `predicate` accepts (Relay's `findOperation`).
    public func findOperation(_ predicate: (MockOperation) -> Bool) -> MockOperation? {
        pendingOperations.first(where: predicate)
    }

    /// Whether `operation` still waits for its answer or its stream's end.
    public func isLoading(_ operation: MockOperation) -> Bool {
        pendingOperations.contains(operation)
    }

    /// Returns once at least `count` operations are pending: a request is made asynchronously
    /// after the code under test starts it.
    public func waitForPendingOperations(_ count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock {
                guard waiting.count < count else { return true }
                watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Answers `operation` with `payload` (a whole response, `{"data": …}`) and ends it.
    public func resolve(_ operation: MockOperation, with payload: VariableValue) {
        answer(operation, .success(payload), finishing: true)
    }

    /// Fails `operation` with `error`.
    public func reject(_ operation: MockOperation, with error: Error) {
        answer(operation, .failure(error), finishing: true)
    }

    /// Sends `payload` to `operation` and keeps it open: a subscription's next event, or an
    /// incremental response's next part.
    public func nextValue(_ operation: MockOperation, _ payload: VariableValue) {
        answer(operation, .success(payload), finishing: false)
    }

    /// Ends `operation`'s stream without another payload.
    public func complete(_ operation: MockOperation) {
        guard let entry = take(operation) else { return }
        entry.continuation.finish()
    }

    /// Resolves the newest pending operation with what `payload` makes of it, typically
    /// `MockPayloadGenerator().payload(for: $0)` (Relay's `resolveMostRecentOperation`).
    public func resolveMostRecentOperation(_ payload: (MockOperation) throws -> VariableValue) throws {
        guard let operation = mostRecentOperation else { throw RelayError.transport("no operation is pending") }
        resolve(operation, with: try payload(operation))
    }

    /// Fails the newest pending operation (Relay's `rejectMostRecentOperation`).
    public func rejectMostRecentOperation(_ error: Error) throws {
        guard let operation = mostRecentOperation else { throw RelayError.transport("no operation is pending") }
        reject(operation, with: error)
    }

    /// Answers every operation from now on that `resolver` has an answer for, as it arrives
    /// (Relay's `queueOperationResolver`); resolvers are asked in the order queued.
    public func queueOperationResolver(_ resolver: @escaping OperationResolver) {
        lock.withLock { resolvers.append(resolver) }
    }

    private func answer(_ operation: MockOperation, _ result: Result<VariableValue, Error>, finishing: Bool) {
        let entry = lock.withLock { () -> Waiting? in
            guard let index = waiting.firstIndex(where: { $0.operation == operation }) else { return nil }
            return finishing ? waiting.remove(at: index) : waiting[index]
        }
        guard let entry else { return }
        Self.deliver(result, to: entry.continuation, finishing: finishing)
    }

    private func take(_ operation: MockOperation) -> Waiting? {
        lock.withLock {
            guard let index = waiting.firstIndex(where: { $0.operation == operation }) else { return nil }
            return waiting.remove(at: index)
        }
    }

    /// A request whose consumer stopped (a cancelled fetch, a disposed subscription).
    private func forget(_ operation: MockOperation) {
        lock.withLock {
            waiting.removeAll { $0.operation == operation }
            held.removeAll { $0.operation == operation }
        }
    }

    private static func deliver(
        _ result: Result<VariableValue, Error>, to continuation: AsyncThrowingStream<Data, Error>.Continuation,
        finishing: Bool
    ) {
        switch result {
        case .success(let value):
            continuation.yield(Data(value.stableJSON.utf8))
            if finishing { continuation.finish() }
        case .failure(let error):
            continuation.finish(throwing: error)
        }
    }

    // MARK: Relay.swift's scripted answers

    func answer(_ operation: String, with result: Result<VariableValue, Error>) {
        lock.withLock { answers[operation] = result }
    }

    func hold(_ operation: String) {
        lock.withLock { _ = heldOperations.insert(operation) }
    }

    func release(_ operation: String) {
        let (released, answer) = lock.withLock {
            heldOperations.remove(operation)
            let released = held.filter { $0.operation.name == operation }
            held.removeAll { $0.operation.name == operation }
            return (released, answers[operation])
        }
        for entry in released {
            Self.deliver(
                answer ?? .failure(RelayError.transport("no mocked response for \(operation)")), to: entry.continuation,
                finishing: true)
        }
    }

    static func value(ofJSON json: String) throws -> VariableValue {
        do {
            return try VariableValue(parsingJSON: json)
        } catch {
            throw RelayError.invalidResponse("the mocked JSON does not parse (\(error)): \(json.prefix(80))")
        }
    }
}
