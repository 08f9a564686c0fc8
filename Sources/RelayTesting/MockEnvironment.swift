import Foundation
@_spi(RelayGenerated) import Relay

/// An environment for unit tests and SwiftUI previews, after Relay.swift's `MockEnvironment`:
/// put data in the store (`cachePayload`), say what the server answers for an operation
/// (`mockResponse`, `mockFailure`), and hold answers until the test releases them
/// (`delayMockedResponses`), so a screen can be shown loading, loaded or failed without a server.
public final class MockEnvironment: Sendable {
    public let environment: Environment
    public let network: MockServer
    private let retained = RetainedOperations()

    public init() {
        network = MockServer()
        environment = Environment(network: network)
    }

    /// Writes `data` (a response's `data`) for `operation` into the store and keeps it there
    /// for the mock's lifetime: a query reads it with no request. Data that does not fit the
    /// operation throws `RelayError.invalidShape`.
    public func cachePayload<Op: Relay.Operation>(_ operation: Op, _ data: VariableValue) throws(RelayError) {
        try environment.commitPayload(operation, data: data)
        retained.add(environment.retain(operation))
    }

    /// `cachePayload` with the data as JSON text (`{"viewer": {…}}`, without the `data` key).
    public func cachePayload<Op: Relay.Operation>(_ operation: Op, json: String) throws {
        try cachePayload(operation, try MockServer.value(ofJSON: json))
    }

    /// Every request for `Op` is answered with `data` (a response's `data`) from now on.
    public func mockResponse<Op: Relay.Operation>(_: Op.Type, _ data: VariableValue) {
        network.answer(Op.node.params.name, with: .success(.object(["data": data])))
    }

    /// `mockResponse` with the data as JSON text (without the `data` key).
    public func mockResponse<Op: Relay.Operation>(_ operation: Op.Type, json: String) throws {
        mockResponse(operation, try MockServer.value(ofJSON: json))
    }

    /// Every request for `Op` fails with `error` from now on.
    public func mockFailure<Op: Relay.Operation>(_: Op.Type, _ error: Error = RelayError.transport("mocked failure")) {
        network.answer(Op.node.params.name, with: .failure(error))
    }

    /// Requests for `Op` wait (showing their loading state) until `releaseMockedResponses`.
    public func delayMockedResponses<Op: Relay.Operation>(_: Op.Type) {
        network.hold(Op.node.params.name)
    }

    /// Answers the requests for `Op` held so far, and stops holding new ones.
    public func releaseMockedResponses<Op: Relay.Operation>(_: Op.Type) {
        network.release(Op.node.params.name)
    }
}

/// The operations a `MockEnvironment` keeps retained.
private final class RetainedOperations: @unchecked Sendable {
    private let lock = NSLock()
    private var disposables: [Disposable] = []

    func add(_ disposable: Disposable) {
        lock.withLock { disposables.append(disposable) }
    }
}

/// The `Network` of a `MockEnvironment`: answers each operation as the test said, holds the
/// answers of delayed operations, and records what was asked. A request for an operation with
/// no answer fails with `RelayError.transport` naming it.
public final class MockServer: Network, @unchecked Sendable {
    /// A request the server received: the operation's name and its variables.
    public struct Request: Hashable, Sendable {
        public let operation: String
        public let variables: VariableData
    }

    private let lock = NSLock()
    private var answers: [String: Result<VariableValue, Error>] = [:]
    private var heldOperations: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var received: [Request] = []

    /// The requests received so far, in order.
    public var requests: [Request] { lock.withLock { received } }

    public func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        let name = request.name
        let isHeld = lock.withLock {
            received.append(Request(operation: name, variables: variables))
            return heldOperations.contains(name)
        }
        if isHeld {
            await withCheckedContinuation { continuation in
                let stillHeld = lock.withLock {
                    guard heldOperations.contains(name) else { return false }
                    waiting[name, default: []].append(continuation)
                    return true
                }
                if !stillHeld { continuation.resume() }
            }
        }
        switch lock.withLock({ answers[name] }) {
        case .success(let value)?: return Data(value.stableJSON.utf8)
        case .failure(let error)?: throw error
        case nil: throw RelayError.transport("no mocked response for \(name)")
        }
    }

    func answer(_ operation: String, with result: Result<VariableValue, Error>) {
        lock.withLock { answers[operation] = result }
    }

    func hold(_ operation: String) {
        lock.withLock { _ = heldOperations.insert(operation) }
    }

    func release(_ operation: String) {
        let continuations = lock.withLock {
            heldOperations.remove(operation)
            return waiting.removeValue(forKey: operation) ?? []
        }
        for continuation in continuations { continuation.resume() }
    }

    static func value(ofJSON json: String) throws -> VariableValue {
        do {
            return try VariableValue(parsingJSON: json)
        } catch {
            throw RelayError.invalidResponse("the mocked JSON does not parse (\(error)): \(json.prefix(80))")
        }
    }
}
