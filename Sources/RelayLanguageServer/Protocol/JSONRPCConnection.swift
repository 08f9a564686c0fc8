import Foundation

/// JSON-RPC 2.0 messages framed as the Language Server Protocol frames them: a
/// `Content-Length: N` header, an empty line, then N bytes of JSON. Messages go out as
/// `Encodable` Swift values.
///
/// A message the client framed wrongly is dropped alone (``MessageFramer``): when its id can be
/// read it is answered with a JSON-RPC parse error, and the messages after it are served.
public final class JSONRPCConnection {
    private let input: FileHandle
    private let output: FileHandle
    private let log: (String) -> Void
    private var framer = MessageFramer()
    /// A frame read ahead by `hasBufferedMessage`.
    private var readAhead: MessageFramer.Frame?
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    public init(input: FileHandle, output: FileHandle, log: @escaping (String) -> Void = { _ in }) {
        self.input = input
        self.output = output
        self.log = log
    }

    /// The next message, or nil when the input ended.
    public func receive() -> IncomingMessage? {
        while true {
            while let frame = readAhead ?? framer.next() {
                readAhead = nil
                switch frame {
                case .message(let message): return message
                case .unreadable(let problem, let id):
                    let reason = problem.isEmpty ? "the message's header was unusable" : problem
                    log("relay-swift-compiler lsp: dropped a message the client framed wrongly: \(reason)")
                    guard let id else { continue }
                    respond(to: id, error: ResponseError(code: .parseError, message: "Parse error: \(reason)"))
                }
            }
            let more = input.availableData
            guard !more.isEmpty else { return nil }
            framer.append(more)
        }
    }

    /// True when a whole message has already been read and waits to be received.
    public var hasBufferedMessage: Bool {
        if readAhead == nil { readAhead = framer.next() }
        return readAhead != nil
    }

    private struct Response<Result: Encodable>: Encodable {
        var id: RequestID
        var result: Result?
        var error: ResponseError?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("2.0", forKey: .jsonrpc)
            try container.encode(id, forKey: .id)
            if let error {
                try container.encode(error, forKey: .error)
            } else {
                // A request without an answer is answered `null`.
                try container.encode(result, forKey: .result)
            }
        }

        enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }
    }

    private struct Outgoing<Parameters: Encodable>: Encodable {
        var jsonrpc = "2.0"
        var id: RequestID?
        var method: String
        var params: Parameters
    }

    private func write(_ message: some Encodable) {
        guard let body = try? encoder.encode(message) else { return }
        output.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Answers a request (`null` for nil).
    public func respond<Result: Encodable>(to id: RequestID, result: Result?) {
        write(Response(id: id, result: result, error: nil))
    }

    public func respond(to id: RequestID, error: ResponseError) {
        write(Response<Bool>(id: id, result: nil, error: error))
    }

    public func notify(_ method: String, _ parameters: some Encodable) {
        write(Outgoing(id: nil, method: method, params: parameters))
    }

    /// A request of the server's own (its answer comes back as a message with only an id).
    public func request(_ id: String, _ method: String, _ parameters: some Encodable) {
        write(Outgoing(id: .string(id), method: method, params: parameters))
    }
}

/// A JSON-RPC error answer.
public struct ResponseError: Encodable, Sendable {
    public enum Code: Int, Encodable, Sendable {
        case parseError = -32700
        case invalidParams = -32602
        case methodNotFound = -32601
        case requestFailed = -32803
    }
    public var code: Code
    public var message: String
}
