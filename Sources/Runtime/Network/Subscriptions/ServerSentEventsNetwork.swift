import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `Network` speaking GraphQL over Server-Sent Events (the graphql-sse protocol's "distinct
/// connections" mode): each operation is a POST accepting `text/event-stream`, answered with a
/// `next` event per payload and a `complete` event at the end. Subscriptions, queries with
/// `@defer` / `@stream`, and plain operations all work, over plain URLSession, so over HTTPS on
/// every platform. Stopping the iteration ends the request, which ends the operation on the
/// server. A connection that drops fails the operation with `RelayError.transport`; it is not
/// retried (subscribe again).
public struct ServerSentEventsNetwork: Network {
    public var url: URL
    public var headers: [String: String]
    /// The longest wait for the next bytes, in seconds; servers send comments to keep a quiet
    /// subscription's connection alive.
    public var idleTimeout: TimeInterval
    /// How requests name their operations (as `HTTPNetwork`'s option; `.automatic` sends the
    /// hash with the text).
    public var persistedQueries: PersistedQueries
    /// Send only the persisted-query id, never the text (`persistedQueries == .ids`).
    public var sendsPersistedQueryIDs: Bool {
        get { persistedQueries == .ids }
        set { persistedQueries = newValue ? .ids : .off }
    }
    /// The longest a query or mutation may take in all, in seconds, however steadily bytes come
    /// (comments included): then it fails with `RelayError.timedOut(after:)` and its request is
    /// closed. Subscriptions are meant to stay open and have none; nil bounds nothing.
    public var deadline: TimeInterval? = 300

    public init(
        url: URL, headers: [String: String] = [:], idleTimeout: TimeInterval = 60,
        persistedQueries: PersistedQueries = .off
    ) {
        self.url = url
        self.headers = headers
        self.idleTimeout = idleTimeout
        self.persistedQueries = persistedQueries
    }

    public init(url: URL, headers: [String: String] = [:], idleTimeout: TimeInterval = 60, sendsPersistedQueryIDs: Bool)
    {
        self.init(
            url: url, headers: headers, idleTimeout: idleTimeout, persistedQueries: sendsPersistedQueryIDs ? .ids : .off
        )
    }

    public func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        try await firstPayload(request: request, variables: variables)
    }

    public func payloads(request: RequestParameters, variables: VariableData) -> AsyncThrowingStream<Data, Error> {
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let body = Result {
            try graphQLRequestBody(request, variables: variables, naming: persistedQueries.streamNaming)
        }
        let idleTimeout = idleTimeout
        let template = urlRequest
        let stream = payloadStream { continuation in
            var urlRequest = template
            urlRequest.httpBody = try body.get()
            var parser: ServerSentEventParser?
            var status = 200
            var plainBody = Data()
            for try await event in HTTPStream.events(for: urlRequest, idleTimeout: idleTimeout) {
                switch event {
                case .response(let code, let contentType):
                    status = code
                    let isEventStream = contentType.lowercased().hasPrefix("text/event-stream")
                    parser = (200..<300).contains(code) && isEventStream ? ServerSentEventParser() : nil
                case .data(let bytes):
                    // Taken out while it is fed, so its buffer is not copied for every chunk.
                    guard var events = parser.take() else {
                        plainBody.append(bytes)
                        continue
                    }
                    for event in events.append(bytes) {
                        switch event.name {
                        case "next": continuation.yield(Data(event.data.utf8))
                        case "complete": return
                        default: continue
                        }
                    }
                    parser = events
                }
            }
            guard (200..<300).contains(status) else {
                throw RelayError.httpStatus(status, body: String(decoding: plainBody.prefix(2000), as: UTF8.self))
            }
            guard parser == nil else {
                throw RelayError.transport("the event stream ended before its complete event")
            }
            continuation.yield(plainBody)  // a server that answered with one JSON response
        }
        return bounded(stream, by: request.operationKind == .subscription ? nil : deadline)
    }
}
