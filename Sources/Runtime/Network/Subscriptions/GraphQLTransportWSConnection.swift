import Foundation

/// The state of a `GraphQLWebSocketNetwork`'s socket and the operations on it: opening it for
/// the first operation, `connection_init` / `connection_ack`, subscribing, routing each message
/// to its operation, keep-alive pings, and, when the socket is lost, opening it again after a
/// back-off and subscribing again, or failing the operations once the attempts are used up.
actor GraphQLTransportWSConnection {
    struct Operation: Sendable {
        var id: String
        var requestBody: String
        var continuation: AsyncThrowingStream<Data, Error>.Continuation
    }

    /// One socket's life: its generation tells the events of a socket that has since been
    /// replaced (or closed on purpose) apart from the current one's.
    private struct Socket {
        let webSocket: any WebSocketConnection
        let generation: Int
        var acknowledged = false
        var awaitingPong = false
        var timers: [Task<Void, Never>] = []
    }

    typealias Configuration = GraphQLWebSocketNetwork.Configuration
    typealias ConnectionEvent = GraphQLWebSocketNetwork.ConnectionEvent

    private let configuration: Configuration
    private var operations: [String: Operation] = [:]
    /// Operations whose consumer stopped before `start` ran.
    private var stoppedEarly: Set<String> = []
    private var socket: Socket?
    private var generation = 0
    /// Connections lost in a row since the last acknowledged one.
    private var failures = 0
    private var reconnection: Task<Void, Never>?
    private var observers: [UUID: AsyncStream<ConnectionEvent>.Continuation] = [:]

    init(_ configuration: GraphQLWebSocketNetwork.Configuration) {
        self.configuration = configuration
    }

    var operationCount: Int { operations.count }

    func addObserver(_ id: UUID, _ continuation: AsyncStream<ConnectionEvent>.Continuation) {
        observers[id] = continuation
    }

    func removeObserver(_ id: UUID) { observers[id] = nil }

    private func emit(_ event: ConnectionEvent) {
        for observer in observers.values { observer.yield(event) }
    }

    // MARK: Operations

    func start(_ operation: Operation) {
        if stoppedEarly.remove(operation.id) != nil { return operation.continuation.finish() }
        operations[operation.id] = operation
        if let socket, socket.acknowledged {
            send(.subscribe(id: operation.id, requestBody: operation.requestBody), on: socket)
        } else if socket == nil, reconnection == nil {
            open()
        }
    }

    func stop(_ id: String) {
        guard operations.removeValue(forKey: id) != nil else {
            stoppedEarly.insert(id)
            return
        }
        if let socket, socket.acknowledged { send(.complete(id: id), on: socket) }
        if operations.isEmpty { closeUnused() }
    }

    /// Ends an operation (the server completed or failed it) and closes an unused socket.
    private func finish(_ id: String, throwing error: Error? = nil) {
        guard let operation = operations.removeValue(forKey: id) else { return }
        operation.continuation.finish(throwing: error)
        if operations.isEmpty { closeUnused() }
    }

    // MARK: The socket

    private func open() {
        generation += 1
        let current = generation
        let webSocket = configuration.client.connect(
            url: configuration.url, subprotocols: ["graphql-transport-ws"], headers: configuration.headers,
            timeout: configuration.connectTimeout)
        socket = Socket(webSocket: webSocket, generation: current)
        emit(.connecting(attempt: failures + 1))
        let reader = Task {
            do {
                for try await event in webSocket.events { self.received(event, generation: current) }
                self.lost(generation: current, .connectionLost(code: nil, reason: "the connection closed"))
            } catch {
                self.lost(
                    generation: current,
                    error as? GraphQLWebSocketNetwork.ConnectionError ?? .connectionLost(code: nil, reason: "\(error)"))
            }
        }
        socket?.timers.append(reader)
    }

    private func closeUnused() {
        reconnection?.cancel()
        reconnection = nil
        failures = 0
        guard let socket else { return }
        generation += 1
        for timer in socket.timers { timer.cancel() }
        socket.webSocket.close(code: 1000, reason: "Normal Closure")
        self.socket = nil
        emit(.disconnected(nil))
    }

    private func send(_ message: GraphQLTransportWSMessage.Outgoing, on socket: Socket) {
        socket.webSocket.send(text: message.text)
    }

    private func received(_ event: WebSocketEvent, generation current: Int) {
        guard let socket, socket.generation == current else { return }
        switch event {
        case .opened:
            send(.connectionInit(configuration.connectionParameters), on: socket)
            let timeout = configuration.acknowledgementTimeout
            let timer = Task {
                try? await Task.sleep(for: .seconds(timeout))
                guard !Task.isCancelled else { return }
                self.acknowledgementTimedOut(generation: current)
            }
            self.socket?.timers.append(timer)
        case .message(.text(let text)):
            do {
                handle(try GraphQLTransportWSMessage.parse(text), on: socket)
            } catch {
                violated(error, generation: current)
            }
        case .message(.binary):
            violated(.protocolViolation("the server sent a binary message"), generation: current)
        }
    }

    private func handle(_ message: GraphQLTransportWSMessage, on socket: Socket) {
        switch message.type {
        case .connectionAck:
            guard !socket.acknowledged else { return }
            self.socket?.acknowledged = true
            failures = 0
            emit(.connected)
            for operation in operations.values.sorted(by: { Int($0.id) ?? 0 < Int($1.id) ?? 0 }) {
                send(.subscribe(id: operation.id, requestBody: operation.requestBody), on: socket)
            }
            startKeepAlive(generation: socket.generation)
        case .ping: send(.pong, on: socket)
        case .pong: self.socket?.awaitingPong = false
        case .next:
            guard let id = message.id, let operation = operations[id] else { return }
            guard case .object = message.payload, let payload = message.payload,
                let bytes = try? JSONEncoder().encode(payload)
            else {
                send(.complete(id: id), on: socket)
                return finish(
                    id,
                    throwing: RelayError.invalidResponse(
                        "the server's next message for operation \(id) is not a GraphQL response"))
            }
            operation.continuation.yield(bytes)
        case .error:
            guard let id = message.id else { return }
            let errors = GraphQLError.list(in: message.payload)
            finish(
                id,
                throwing: errors.isEmpty
                    ? RelayError.invalidResponse("the server's error message for operation \(id) has no errors")
                    : RelayError.graphQL(errors))
        case .complete:
            guard let id = message.id else { return }
            finish(id)
        }
    }

    private func startKeepAlive(generation current: Int) {
        guard let interval = configuration.keepAlive else { return }
        let pinger = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                guard !Task.isCancelled else { return }
                self.keepAliveTick(generation: current)
            }
        }
        socket?.timers.append(pinger)
    }

    private func keepAliveTick(generation current: Int) {
        guard let socket, socket.generation == current else { return }
        if socket.awaitingPong {
            socket.webSocket.close(code: 4499, reason: "Terminated")
            return lost(generation: current, .connectionLost(code: nil, reason: "no pong since the last ping"))
        }
        self.socket?.awaitingPong = true
        send(.ping, on: socket)
    }

    private func acknowledgementTimedOut(generation current: Int) {
        guard let socket, socket.generation == current, !socket.acknowledged else { return }
        socket.webSocket.close(code: 4504, reason: "Connection acknowledgement timeout")
        lost(generation: current, .acknowledgementTimeout(configuration.acknowledgementTimeout))
    }

    /// The server sent something the protocol does not allow: the socket is closed (4400, as
    /// graphql-ws does) and, unlike graphql-ws, opened again like a lost one, so the operations go on.
    private func violated(_ error: GraphQLWebSocketNetwork.ConnectionError, generation current: Int) {
        socket?.webSocket.close(code: 4400, reason: "Invalid message received")
        lost(generation: current, error)
    }

    /// The current socket is gone: open another after a back-off, or fail every operation.
    private func lost(generation current: Int, _ error: GraphQLWebSocketNetwork.ConnectionError) {
        guard let socket, socket.generation == current else { return }
        for timer in socket.timers { timer.cancel() }
        self.socket = nil
        emit(.disconnected(error))
        guard !operations.isEmpty else { return }
        guard Self.isRetryable(error), failures < configuration.retryAttempts else {
            failures = 0
            let failed = operations.values
            operations.removeAll()
            for operation in failed { operation.continuation.finish(throwing: error) }
            return
        }
        failures += 1
        let delay = configuration.retryDelay(failures)
        reconnection = Task {
            try? await Task.sleep(for: .seconds(delay))
            guard !Task.isCancelled else { return }
            self.reconnect()
        }
    }

    private func reconnect() {
        reconnection = nil
        if socket == nil, !operations.isEmpty { open() }
    }

    /// Whether a lost connection is worth opening again. As graphql-ws: not after a close code
    /// that says the client or its request is at fault (4400, 4401, 4403, 4406, 4409, 4429),
    /// an internal server error (4500), or a fatal WebSocket code (1002–1004, 1007–1011).
    static func isRetryable(_ error: GraphQLWebSocketNetwork.ConnectionError) -> Bool {
        guard case .connectionLost(let code?, _) = error else { return true }
        let fatal: Set<UInt16> = [
            4400, 4401, 4403, 4406, 4409, 4429, 4500, 1002, 1003, 1004, 1007, 1008, 1009, 1010, 1011,
        ]
        return !fatal.contains(code)
    }
}
