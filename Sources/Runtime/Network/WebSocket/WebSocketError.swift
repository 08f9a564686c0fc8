import Foundation

extension GraphQLWebSocketNetwork {
    /// What ends a WebSocket connection, or keeps one from opening. A subscription on the
    /// connection fails with it when the connection cannot be had back.
    public enum ConnectionError: Error, Hashable, Sendable {
        /// No connection: a URL this client cannot use, an address that does not resolve, a
        /// refused connection, or an opening handshake the server did not accept.
        case connectionFailed(String)
        /// The connection ended: the server's close code and reason, or a nil code when it dropped
        /// without a close frame (the server stopped, the network went away).
        case connectionLost(code: UInt16?, reason: String)
        /// The server broke RFC 6455 or the graphql-transport-ws protocol.
        case protocolViolation(String)
        /// The server did not answer `connection_init` with `connection_ack` within this many seconds.
        case acknowledgementTimeout(TimeInterval)
    }
}
