import Foundation

/// A WebSocket client connection (RFC 6455) for `ws://` URLs, over a plain TCP socket. It
/// exists because Foundation's `URLSessionWebSocketTask` depends on the platform: on Linux it
/// goes through libcurl, whose builds often lack WebSocket support. Connecting, the opening
/// handshake and every read happen on a thread of its own; `events` yields the connection's
/// opening and then each message, answers pings, and ends when the connection does: without an
/// error after `close`, with `GraphQLWebSocketNetwork.ConnectionError` otherwise.
final class WebSocket: WebSocketConnection {
    typealias Event = WebSocketEvent

    let events: AsyncThrowingStream<Event, Error>
    private let shared: Shared

    /// Starts connecting at once. `timeout` bounds the connect and the handshake.
    init(
        url: URL, subprotocols: [String], headers: [String: String] = [:], timeout: TimeInterval = 10,
        maximumMessage: Int = 16 << 20
    ) {
        let (events, continuation) = AsyncThrowingStream<Event, Error>.makeStream()
        self.events = events
        let shared = Shared()
        self.shared = shared
        continuation.onTermination = { _ in shared.close(code: 1000, reason: "") }
        let handshake = WebSocketHandshake(url: url, subprotocols: subprotocols, headers: headers)
        let thread = Thread {
            Self.run(handshake, timeout: timeout, maximumMessage: maximumMessage, shared, continuation)
        }
        thread.name = "relay-swift WebSocket"
        thread.start()
    }

    /// Sends a text message; a connection that is gone drops it (its end comes through `events`).
    func send(text: String) {
        shared.send(WebSocketFrame(isFinal: true, opcode: .text, payload: Array(text.utf8)))
    }

    /// Sends a close frame and ends the connection; `events` then ends without an error.
    func close(code: UInt16, reason: String) {
        shared.close(code: code, reason: reason)
    }

    /// What the connection's thread and its users share.
    private final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var connection: TCPConnection?
        private var isClosing = false

        var closing: Bool { lock.withLock { isClosing } }

        /// Keeps the connection for writing; false when `close` came first.
        func adopt(_ connection: TCPConnection) -> Bool {
            lock.withLock {
                guard !isClosing else { return false }
                self.connection = connection
                return true
            }
        }

        func send(_ frame: WebSocketFrame) {
            guard let connection = lock.withLock({ isClosing ? nil : self.connection }) else { return }
            write(frame, to: connection)
        }

        func write(_ frame: WebSocketFrame, to connection: TCPConnection) {
            let maskKey = (0..<4).map { _ in UInt8.random(in: 0...255) }
            try? connection.write(frame.encoded(maskKey: maskKey))
        }

        func close(code: UInt16, reason: String) {
            let connection = lock.withLock { () -> TCPConnection? in
                defer { isClosing = true }
                return isClosing ? nil : self.connection
            }
            guard let connection else { return }
            write(WebSocketFrame(isFinal: true, opcode: .close, payload: closePayload(code, reason)), to: connection)
            connection.shutdownBoth()
        }

        /// Ends the connection the server closed or broke, with a close frame of `code`.
        func end(code: UInt16, reason: String) {
            guard let connection = lock.withLock({ self.connection }) else { return }
            write(WebSocketFrame(isFinal: true, opcode: .close, payload: closePayload(code, reason)), to: connection)
            connection.shutdownBoth()
        }
    }

    private static func closePayload(_ code: UInt16, _ reason: String) -> [UInt8] {
        [UInt8(code >> 8), UInt8(truncatingIfNeeded: code)] + Array(reason.utf8.prefix(123))
    }

    /// The connection's thread: connect, handshake, then read until the end.
    private static func run(
        _ handshake: WebSocketHandshake, timeout: TimeInterval, maximumMessage: Int, _ shared: Shared,
        _ continuation: AsyncThrowingStream<Event, Error>.Continuation
    ) {
        let connection: TCPConnection
        var leftover: [UInt8]
        do {
            let (host, port) = try handshake.hostAndPort()
            connection = try TCPConnection.connect(host: host, port: port, timeout: timeout)
            guard shared.adopt(connection) else { return continuation.finish() }
            defer { connection.close() }
            let subprotocol: String?
            (subprotocol, leftover) = try handshake.perform(on: connection)
            connection.setReadTimeout(nil)
            continuation.yield(.opened(subprotocol: subprotocol))
            let end = readFrames(connection, leftover, maximumMessage: maximumMessage, shared, continuation)
            if shared.closing { continuation.finish() } else { continuation.finish(throwing: end) }
        } catch {
            continuation.finish(throwing: shared.closing ? nil : error)
        }
    }

    /// Reads frames until the connection ends; what ended it.
    private static func readFrames(
        _ connection: TCPConnection, _ leftover: [UInt8], maximumMessage: Int, _ shared: Shared,
        _ continuation: AsyncThrowingStream<Event, Error>.Continuation
    ) -> GraphQLWebSocketNetwork.ConnectionError {
        var reader = WebSocketFrameReader(maximumPayload: maximumMessage)
        var assembler = WebSocketMessageAssembler(maximumMessage: maximumMessage)
        reader.append(leftover[...])
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            do {
                while let frame = try reader.nextFrame() {
                    switch frame.opcode {
                    case .ping: shared.send(WebSocketFrame(isFinal: true, opcode: .pong, payload: frame.payload))
                    case .pong: break
                    case .close:
                        let code =
                            frame.payload.count >= 2 ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : nil
                        let reason = String(decoding: frame.payload.dropFirst(2), as: UTF8.self)
                        shared.end(code: code ?? 1000, reason: "")
                        return .connectionLost(code: code, reason: reason)
                    default:
                        if let message = try assembler.add(frame) { continuation.yield(.message(message)) }
                    }
                }
            } catch {
                shared.end(code: error.closeCode, reason: error.message)
                return .protocolViolation(error.message)
            }
            guard let count = connection.read(into: &buffer), count > 0 else {
                return .connectionLost(code: nil, reason: "the connection dropped")
            }
            reader.append(buffer[..<count])
        }
    }
}
