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

    /// `operations`: the generated operations a test may answer with `MockPayloadGenerator`
    /// (`RelayDefinitions.operations` with `testSupport`). `unanswered`: what a request no
    /// scripted answer covers gets — a failure (Relay.swift's mock), or to wait as a pending
    /// operation until the test resolves it (Relay's `createMockEnvironment`).
    public init(operations: [any Relay.Operation.Type] = [], unanswered: MockServer.Unanswered = .fail) {
        network = MockServer(operations: operations, unanswered: unanswered)
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
