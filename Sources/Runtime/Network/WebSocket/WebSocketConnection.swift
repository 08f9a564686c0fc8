import Foundation

/// One WebSocket connection as `GraphQLWebSocketNetwork` uses it, whichever client provides it:
/// it opens by itself, `events` yields its opening and each message and ends with the connection
/// (a `GraphQLWebSocketNetwork.ConnectionError` unless `close` ended it).
protocol WebSocketConnection: Sendable {
    var events: AsyncThrowingStream<WebSocketEvent, Error> { get }
    func send(text: String)
    func close(code: UInt16, reason: String)
}

enum WebSocketEvent: Sendable, Equatable {
    /// The handshake succeeded; the subprotocol the server chose.
    case opened(subprotocol: String?)
    case message(WebSocketMessageAssembler.Message)
}

extension GraphQLWebSocketNetwork {
    /// Which WebSocket client `GraphQLWebSocketNetwork` uses.
    public enum Client: Sendable, Hashable {
        /// relay-swift's own client for `ws://`, Foundation's for `wss://`.
        case automatic
        /// relay-swift's own RFC 6455 client: `ws://` only, the same on every platform.
        case builtIn
        /// Foundation's `URLSessionWebSocketTask`: `ws://` and `wss://` on Apple platforms; on Linux
        /// only where libcurl was built with WebSocket support (otherwise every connection fails
        /// with `GraphQLWebSocketNetwork.ConnectionError.connectionFailed`).
        case foundation

        func connect(url: URL, subprotocols: [String], headers: [String: String], timeout: TimeInterval)
            -> any WebSocketConnection
        {
            let usesFoundation =
                switch self {
                case .automatic: url.scheme?.lowercased() == "wss"
                case .builtIn: false
                case .foundation: true
                }
            if usesFoundation {
                #if canImport(Glibc)
                    guard LibcurlWebSockets.isSupported else {
                        return FailedWebSocket(
                            .connectionFailed(
                                "WebSockets not supported by libcurl (URLSessionWebSocketTask on Linux needs a libcurl built with them; use ws:// with the built-in client, or ServerSentEventsNetwork)"
                            ))
                    }
                #endif
                return FoundationWebSocket(url: url, subprotocols: subprotocols, headers: headers, timeout: timeout)
            }
            return WebSocket(url: url, subprotocols: subprotocols, headers: headers, timeout: timeout)
        }
    }
}

/// A connection that could not be had: its events fail at once with the reason.
struct FailedWebSocket: WebSocketConnection {
    let events: AsyncThrowingStream<WebSocketEvent, Error>

    init(_ error: GraphQLWebSocketNetwork.ConnectionError) {
        events = AsyncThrowingStream { $0.finish(throwing: error) }
    }

    func send(text: String) {}
    func close(code: UInt16, reason: String) {}
}
