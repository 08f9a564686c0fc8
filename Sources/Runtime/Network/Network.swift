import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends an operation to a GraphQL server and returns the response's bytes. The environment
/// parses them; an implementation only moves bytes (tests use an in-memory one).
public protocol Network: Sendable {
    /// The one response to a request.
    func execute(request: RequestParameters, variables: VariableData) async throws -> Data

    /// Every response payload of a request, in order: one for a plain query or mutation, several
    /// for a transport that delivers more than one. The environment normalizes and publishes
    /// each as it arrives; when its consumer stops, the request is cancelled. By default, the
    /// one response of `execute`.
    func payloads(request: RequestParameters, variables: VariableData) -> AsyncThrowingStream<Data, Error>
}

extension Network {
    public func payloads(request: RequestParameters, variables: VariableData) -> AsyncThrowingStream<Data, Error> {
        payloadStream { continuation in
            continuation.yield(try await execute(request: request, variables: variables))
        }
    }
}

extension Network {
    /// The first payload of `payloads`: `execute` for a transport whose every operation is a
    /// stream (a WebSocket, Server-Sent Events).
    func firstPayload(request: RequestParameters, variables: VariableData) async throws -> Data {
        for try await payload in payloads(request: request, variables: variables) { return payload }
        throw RelayError.invalidResponse("the server completed \(request.name) without a result")
    }
}

/// A stream of payloads that `produce` yields, run as a task: the stream ends when it returns,
/// fails with what it throws, and cancels it when the consumer stops.
func payloadStream(
    _ produce: @escaping @Sendable (AsyncThrowingStream<Data, Error>.Continuation) async throws -> Void
) -> AsyncThrowingStream<Data, Error> {
    let (stream, continuation) = AsyncThrowingStream<Data, Error>.makeStream()
    let task = Task {
        do {
            try await produce(continuation)
            continuation.finish()
        } catch {
            continuation.finish(throwing: error)
        }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
}

/// `stream`, ended with `RelayError.timedOut(after:)` when it has not finished `deadline`
/// seconds after this call, whatever arrives meanwhile; its request is then cancelled (the
/// underlying stream's consumer stops, which closes its connection or operation). Nil leaves it
/// unbounded.
func bounded(_ stream: AsyncThrowingStream<Data, Error>, by deadline: TimeInterval?) -> AsyncThrowingStream<Data, Error>
{
    guard let deadline else { return stream }
    let (bounded, continuation) = AsyncThrowingStream<Data, Error>.makeStream()
    let forwarding = Task {
        do {
            for try await payload in stream { continuation.yield(payload) }
            continuation.finish()
        } catch {
            continuation.finish(throwing: error)
        }
    }
    let timer = Task {
        try? await Task.sleep(for: .seconds(deadline))
        guard !Task.isCancelled else { return }
        continuation.finish(throwing: RelayError.timedOut(after: deadline))
        forwarding.cancel()
    }
    continuation.onTermination = { _ in
        forwarding.cancel()
        timer.cancel()
    }
    return bounded
}

extension RequestParameters {
    /// The request body every GraphQL-over-HTTP server accepts, for a network of your own:
    /// `{"query": …, "variables": …, "operationName": …}`, or `"id"` instead of `"query"` for a
    /// server that knows the operation by its persisted id.
    public func requestBody(variables: VariableData, sendsIDOnly: Bool = false) throws -> Data {
        try graphQLRequestBody(self, variables: variables, naming: sendsIDOnly ? .id : .text)
    }
}

/// How a request names its operation.
enum OperationNaming {
    /// The text (the id when there is no text).
    case text
    /// The persisted id alone (the text when there is no id).
    case id
    /// Automatic persisted queries: the hash in `extensions.persistedQuery`, without the text...
    case hash
    /// ...or with it, for a server that did not know the hash.
    case textAndHash
}

func graphQLRequestBody(_ request: RequestParameters, variables: VariableData, naming: OperationNaming) throws -> Data {
    var body: [String: VariableValue] = [
        "variables": .object(variables.fields), "operationName": .string(request.name),
    ]
    switch (naming, request.id, request.text) {
    case (.id, let id?, _), (.text, let id?, nil): body["id"] = .string(id)
    case (.hash, let id?, _), (.textAndHash, let id?, nil):
        body["extensions"] = ["persistedQuery": ["version": 1, "sha256Hash": .string(id)]]
    case (.textAndHash, let id?, let text?):
        body["query"] = .string(text)
        body["extensions"] = ["persistedQuery": ["version": 1, "sha256Hash": .string(id)]]
    case (_, _, let text?): body["query"] = .string(text)
    case (_, nil, nil): break
    }
    if let key = Environment.QueuedMutation.beingSent?.idempotencyKey {
        var extensions: [String: VariableValue] = [:]
        if case .object(let fields)? = body["extensions"] { extensions = fields }
        extensions["idempotencyKey"] = .string(key.uuidString.lowercased())
        body["extensions"] = .object(extensions)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(VariableValue.object(body))
}

/// How a network names operations, the same option on every transport: by their text, by the
/// persisted id alone (for a server that has the manifest `--persist-output` writes, and may
/// refuse any other operation), or by automatic persisted queries (Apollo's protocol: the SHA-256
/// hash first, and the text with it once when the server answers `PersistedQueryNotFound`; it
/// keeps the text for next time). A response that is a stream (`@defer`/`@stream` over HTTP,
/// and every operation over Server-Sent Events or a WebSocket) sends the hash with the text at
/// once under `.automatic`: a refusal could not be told from a first payload.
public enum PersistedQueries: Sendable, Hashable {
    case off
    case ids
    case automatic

    /// What a request whose answer is a stream sends.
    var streamNaming: OperationNaming {
        switch self {
        case .off: .text
        case .ids: .id
        case .automatic: .textAndHash
        }
    }
}

/// `Network` over HTTP POST with URLSession (FoundationNetworking on Linux).
public struct HTTPNetwork: Network {
    public var url: URL
    public var headers: [String: String]
    /// The longest wait for an answer to a plain request, and for the next bytes of an
    /// incremental one (`@defer`/`@stream`), in seconds.
    public var timeout: TimeInterval
    /// The longest a request may take in all, in seconds, however steadily its bytes come (a
    /// server that trickles a response, or an incremental response that never ends): then it
    /// fails with `RelayError.timedOut(after:)` and its connection is closed.
    public var deadline: TimeInterval = 300
    /// How requests name their operations.
    public var persistedQueries: PersistedQueries

    /// Send only the persisted-query id, never the text (`persistedQueries == .ids`).
    public var sendsPersistedQueryIDs: Bool {
        get { persistedQueries == .ids }
        set { persistedQueries = newValue ? .ids : .off }
    }

    public init(
        url: URL, headers: [String: String] = [:], timeout: TimeInterval = 30, persistedQueries: PersistedQueries = .off
    ) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.persistedQueries = persistedQueries
    }

    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 30, sendsPersistedQueryIDs: Bool) {
        self.init(url: url, headers: headers, timeout: timeout, persistedQueries: sendsPersistedQueryIDs ? .ids : .off)
    }

    /// The POST request for an operation, accepting `accept`.
    private func urlRequest(
        _ request: RequestParameters, variables: VariableData, accept: String, naming: OperationNaming
    ) throws -> URLRequest {
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
        for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let key = Environment.QueuedMutation.beingSent?.idempotencyKey {
            urlRequest.setValue(key.uuidString.lowercased(), forHTTPHeaderField: "Idempotency-Key")
        }
        urlRequest.httpBody = try graphQLRequestBody(request, variables: variables, naming: naming)
        return urlRequest
    }

    /// The payloads of a request: the one response, or, for an operation with `@defer` or
    /// `@stream` (`RequestParameters.isIncremental`), each part of a `multipart/mixed` response
    /// as it arrives (a server that answers with one JSON response gives one payload). There,
    /// `timeout` is the longest wait for the next bytes.
    public func payloads(request: RequestParameters, variables: VariableData) -> AsyncThrowingStream<Data, Error> {
        guard request.isIncremental else {
            return payloadStream { continuation in
                continuation.yield(try await execute(request: request, variables: variables))
            }
        }
        let timeout = timeout
        let urlRequest = Result {
            // With automatic persisted queries, the text goes with the hash: a refusal would come
            // as a plain response to retry, after the server may have started answering.
            try self.urlRequest(
                request, variables: variables, accept: "multipart/mixed; deferSpec=20220824, application/json",
                naming: persistedQueries == .automatic ? .textAndHash : naming)
        }
        let stream = payloadStream { continuation in
            var parser: MultipartMixedParser?
            var status = 200
            var body = Data()
            for try await event in HTTPStream.events(for: try urlRequest.get(), idleTimeout: timeout) {
                switch event {
                case .response(let code, let contentType):
                    status = code
                    parser = (200..<300).contains(code) ? MultipartMixedParser(contentType: contentType) : nil
                case .data(let bytes):
                    // Taken out while it is fed, so its buffer is not copied for every chunk.
                    guard var multipart = parser.take() else {
                        body.append(bytes)
                        continue
                    }
                    for part in multipart.append(bytes) { continuation.yield(part) }
                    parser = multipart
                }
            }
            guard (200..<300).contains(status) else {
                throw RelayError.httpStatus(status, body: String(decoding: body.prefix(2000), as: UTF8.self))
            }
            if parser == nil { continuation.yield(body) }
        }
        return bounded(stream, by: deadline)
    }

    /// What the first request of an operation sends.
    private var naming: OperationNaming {
        switch persistedQueries {
        case .off: .text
        case .ids: .id
        case .automatic: .hash
        }
    }

    public func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        let data = try await send(request, variables: variables, naming: naming)
        guard persistedQueries == .automatic, request.text != nil, Self.isPersistedQueryNotFound(data) else {
            return data
        }
        return try await send(request, variables: variables, naming: .textAndHash)
    }

    /// Whether a response is the automatic-persisted-queries refusal of an unknown hash.
    static func isPersistedQueryNotFound(_ data: Data) -> Bool {
        guard let response = try? VariableValue.parse(data), response["data"] == nil || response["data"] == .null
        else { return false }
        guard case .list(let errors)? = response["errors"] else { return false }
        return errors.contains {
            $0["message"] == .string("PersistedQueryNotFound")
                || $0["extensions"]?["code"] == .string("PERSISTED_QUERY_NOT_FOUND")
        }
    }

    private func send(_ request: RequestParameters, variables: VariableData, naming: OperationNaming) async throws
        -> Data
    {
        let urlRequest = try urlRequest(request, variables: variables, accept: "application/json", naming: naming)
        // The timeout is enforced here: URLSession on Linux does not apply `timeoutInterval` to
        // a server that accepts the request and then never answers.
        let request = urlRequest
        let (timeout, deadline) = (self.timeout, self.deadline)
        let (data, status): (Data, Int?)
        do {
            (data, status) = try await withThrowingTaskGroup(of: (Data, Int?).self) { group in
                group.addTask {
                    let (data, response) = try await URLSession.shared.data(for: request)
                    return (data, (response as? HTTPURLResponse)?.statusCode)
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(min(timeout, deadline)))
                    throw deadline < timeout
                        ? RelayError.timedOut(after: deadline) : RelayError.transport("no answer within \(timeout) s")
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw RelayError.transport("no answer") }
                return first
            }
        } catch let error as RelayError {
            throw error
        } catch {
            throw RelayError(sending: error)
        }
        if let status, !(200..<300).contains(status) {
            throw RelayError.httpStatus(status, body: String(decoding: data.prefix(2000), as: UTF8.self))
        }
        return data
    }
}
