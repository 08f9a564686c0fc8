import Foundation

/// A `Network` over one WebSocket with the graphql-transport-ws protocol: what Relay's
/// `subscribeFn` with graphql-ws, or Apollo iOS's `WebSocketTransport`, does. Any number of
/// operations share the socket, which opens with the first and closes after the last. A lost
/// connection is opened again after a back-off (`Configuration.retryAttempts` times in a row) and
/// the operations still running are subscribed again, so a subscription goes on after the
/// server comes back; once the attempts are used up, each fails with the `GraphQLWebSocketNetwork.ConnectionError`. A
/// server's `error` for one operation fails that operation alone (`RelayError.graphQL`), as does
/// a `next` whose payload is not a GraphQL response (`RelayError.invalidResponse`).
///
/// `ws://` URLs are served by relay-swift's own RFC 6455 client on every platform, `wss://` by
/// Foundation's `URLSessionWebSocketTask` (on Linux only where libcurl has WebSocket support; see
/// `GraphQLWebSocketNetwork.Client`). Subscriptions usually go through `SplitNetwork`, queries and mutations
/// over HTTP.
public final class GraphQLWebSocketNetwork: Network {
    public struct Configuration: Sendable {
        public var url: URL
        /// Headers of the opening handshake (an `Authorization`, a cookie).
        public var headers: [String: String]
        /// The payload of `connection_init`, where servers look for authentication.
        public var connectionParameters: [String: VariableValue]?
        /// How long the server may take to answer `connection_init`, in seconds.
        public var acknowledgementTimeout: TimeInterval
        /// How long connecting and the opening handshake may take, in seconds.
        public var connectTimeout: TimeInterval
        /// How many times in a row a lost connection is opened again before its operations fail.
        public var retryAttempts: Int
        /// The wait, in seconds, before the n-th attempt in a row (n from 1): by default
        /// 0.5, 1, 2, 4… up to 30.
        public var retryDelay: @Sendable (Int) -> TimeInterval
        /// Sends a `ping` this often (seconds) and counts a connection that has not answered with
        /// a `pong` by the next one as lost; nil sends none (the server may still ping).
        public var keepAlive: TimeInterval?
        /// How operations are named (as `HTTPNetwork`'s option; `.automatic` sends the hash with
        /// the text).
        public var persistedQueries: PersistedQueries
        /// Send only the persisted-query id, never the text (`persistedQueries == .ids`).
        public var sendsPersistedQueryIDs: Bool {
            get { persistedQueries == .ids }
            set { persistedQueries = newValue ? .ids : .off }
        }
        /// The longest a query or mutation sent over the socket may take in all, in seconds:
        /// then it fails with `RelayError.timedOut(after:)` and the operation is stopped
        /// (`complete`). Subscriptions are meant to last and have none; nil bounds nothing.
        public var deadline: TimeInterval? = 300
        /// Which WebSocket client connects: by default relay-swift's own for `ws://` and
        /// Foundation's for `wss://`.
        public var client: GraphQLWebSocketNetwork.Client

        public init(
            url: URL, headers: [String: String] = [:], connectionParameters: [String: VariableValue]? = nil,
            acknowledgementTimeout: TimeInterval = 10, connectTimeout: TimeInterval = 10, retryAttempts: Int = 5,
            retryDelay: @escaping @Sendable (Int) -> TimeInterval = { min(30, 0.5 * pow(2, Double($0 - 1))) },
            keepAlive: TimeInterval? = nil, persistedQueries: PersistedQueries = .off,
            client: GraphQLWebSocketNetwork.Client = .automatic
        ) {
            self.url = url
            self.headers = headers
            self.connectionParameters = connectionParameters
            self.acknowledgementTimeout = acknowledgementTimeout
            self.connectTimeout = connectTimeout
            self.retryAttempts = retryAttempts
            self.retryDelay = retryDelay
            self.keepAlive = keepAlive
            self.persistedQueries = persistedQueries
            self.client = client
        }
    }

    /// What happens to the connection, for an app that shows it (`connectionEvents()`).
    public enum ConnectionEvent: Sendable, Equatable {
        /// Opening the socket; `attempt` counts from 1 since the last acknowledged connection.
        case connecting(attempt: Int)
        /// The server acknowledged the connection; operations are (re)subscribed.
        case connected
        /// The connection ended: with the error that ended it, or nil when it was closed because
        /// no operation needed it any more.
        case disconnected(GraphQLWebSocketNetwork.ConnectionError?)
    }

    public let configuration: Configuration
    private let connection: GraphQLTransportWSConnection
    private let identifiers = NSLock()
    private nonisolated(unsafe) var lastIdentifier = 0

    public init(configuration: Configuration) {
        self.configuration = configuration
        connection = GraphQLTransportWSConnection(configuration)
    }

    public convenience init(url: URL, connectionParameters: [String: VariableValue]? = nil) {
        self.init(configuration: Configuration(url: url, connectionParameters: connectionParameters))
    }

    /// Each payload the server sends for the operation: its `next` messages until `complete`.
    /// Stopping the iteration sends `complete` for it.
    public func payloads(request: RequestParameters, variables: VariableData) -> AsyncThrowingStream<Data, Error> {
        let deadline = request.operationKind == .subscription ? nil : configuration.deadline
        return bounded(operationPayloads(request: request, variables: variables), by: deadline)
    }

    private func operationPayloads(request: RequestParameters, variables: VariableData) -> AsyncThrowingStream<
        Data, Error
    > {
        let (stream, continuation) = AsyncThrowingStream<Data, Error>.makeStream()
        let body: Data
        do {
            body = try graphQLRequestBody(
                request, variables: variables, naming: configuration.persistedQueries.streamNaming)
        } catch {
            continuation.finish(throwing: error)
            return stream
        }
        let id = identifiers.withLock {
            lastIdentifier += 1
            return String(lastIdentifier)
        }
        let connection = connection
        continuation.onTermination = { termination in
            if case .cancelled = termination { Task { await connection.stop(id) } }
        }
        let operation = GraphQLTransportWSConnection.Operation(
            id: id, requestBody: String(decoding: body, as: UTF8.self), continuation: continuation)
        Task { await connection.start(operation) }
        return stream
    }

    /// The first payload of the operation (a query or mutation sent over the socket).
    public func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        try await firstPayload(request: request, variables: variables)
    }

    /// The connection's events from the return on, until the iteration stops.
    public func connectionEvents() async -> AsyncStream<ConnectionEvent> {
        let (stream, continuation) = AsyncStream<ConnectionEvent>.makeStream()
        let observer = UUID()
        let connection = connection
        continuation.onTermination = { _ in Task { await connection.removeObserver(observer) } }
        await connection.addObserver(observer, continuation)
        return stream
    }

    /// How many operations are running on the socket (for tests and diagnostics).
    public func activeOperationCount() async -> Int { await connection.operationCount }
}
