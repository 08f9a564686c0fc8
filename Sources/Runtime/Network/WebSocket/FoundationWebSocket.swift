import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `WebSocketConnection` over Foundation's `URLSessionWebSocketTask`, for `wss://`: TLS comes
/// from the platform. Messages are received one at a time in a task of its own. A task that has
/// ended (failed or closed) is never cancelled: swift-corelibs-foundation stops the process when
/// a finished task is cancelled.
final class FoundationWebSocket: WebSocketConnection {
    let events: AsyncThrowingStream<WebSocketEvent, Error>
    private let task: URLSessionWebSocketTask
    private let state = State()

    init(url: URL, subprotocols: [String], headers: [String: String], timeout: TimeInterval) {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if !subprotocols.isEmpty {
            request.setValue(subprotocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol")
        }
        let task = URLSession.shared.webSocketTask(with: request)
        self.task = task
        let (events, continuation) = AsyncThrowingStream<WebSocketEvent, Error>.makeStream()
        self.events = events
        let state = state
        let receiver = Task {
            // Sending before the handshake ends is allowed: the task queues it.
            continuation.yield(.opened(subprotocol: subprotocols.first))
            while !Task.isCancelled {
                do {
                    switch try await task.receive() {
                    case .string(let text): continuation.yield(.message(.text(text)))
                    case .data(let data): continuation.yield(.message(.binary(Array(data))))
                    @unknown default: continue
                    }
                } catch {
                    let wasClosing = state.end()
                    if wasClosing { return continuation.finish() }
                    let code = UInt16(exactly: task.closeCode.rawValue).flatMap { $0 == 0 ? nil : $0 }
                    let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) }
                    return continuation.finish(
                        throwing: code.map {
                            GraphQLWebSocketNetwork.ConnectionError.connectionLost(code: $0, reason: reason ?? "")
                        }
                            ?? GraphQLWebSocketNetwork.ConnectionError.connectionFailed(error.localizedDescription))
                }
            }
        }
        continuation.onTermination = { _ in
            receiver.cancel()
            if state.close() { task.cancel(with: .normalClosure, reason: nil) }
        }
        task.resume()
    }

    func send(text: String) {
        task.send(.string(text)) { _ in }  // a failure ends the connection, which `events` reports
    }

    func close(code: UInt16, reason: String) {
        guard state.close() else { return }
        task.cancel(
            with: URLSessionWebSocketTask.CloseCode(rawValue: Int(code)) ?? .normalClosure, reason: Data(reason.utf8))
    }

    /// Whether the connection is open, being closed by us, or over.
    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var closing = false
        private var ended = false

        /// Marks the task ended; whether we were closing it.
        func end() -> Bool {
            lock.withLock {
                ended = true
                return closing
            }
        }

        /// Marks the connection closing; whether its task may still be cancelled (it has not
        /// ended, and no one closed it before).
        func close() -> Bool {
            lock.withLock {
                defer { closing = true }
                return !ended && !closing
            }
        }
    }
}
