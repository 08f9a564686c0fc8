import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request whose response is read as it arrives: its status and content type, then
/// the body in chunks. Built on URLSession's data delegate, since `URLSession.bytes(for:)` does
/// not exist in swift-corelibs-foundation (Linux). Each request has its own session, invalidated
/// when the response ends or its consumer stops (which cancels the request). The stream fails
/// with `RelayError.transport` when no byte arrives for `idleTimeout` seconds.
enum HTTPStream {
    enum Event: Sendable {
        case response(status: Int, contentType: String)
        case data(Data)
    }

    static func events(for request: URLRequest, idleTimeout: TimeInterval) -> AsyncThrowingStream<Event, Error> {
        let (stream, continuation) = AsyncThrowingStream<Event, Error>.makeStream()
        let delegate = Delegate(continuation)
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        let task = session.dataTask(with: request)
        let watchdog = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(idleTimeout))
                if delegate.secondsSinceLastEvent >= idleTimeout {
                    continuation.finish(throwing: RelayError.transport("no data within \(idleTimeout) s"))
                    return
                }
            }
        }
        continuation.onTermination = { _ in
            watchdog.cancel()
            // One cancel only: `invalidateAndCancel` would cancel the task a second time, and
            // swift-corelibs-foundation stops the process when the second cancel's completion
            // finds the task already gone.
            task.cancel()
            session.finishTasksAndInvalidate()
        }
        task.resume()
        return stream
    }

    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let continuation: AsyncThrowingStream<Event, Error>.Continuation
        private let lock = NSLock()
        private var lastEvent = Date()

        init(_ continuation: AsyncThrowingStream<Event, Error>.Continuation) {
            self.continuation = continuation
        }

        var secondsSinceLastEvent: TimeInterval { lock.withLock { -lastEvent.timeIntervalSinceNow } }

        private func noteEvent() { lock.withLock { lastEvent = Date() } }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            noteEvent()
            let http = response as? HTTPURLResponse
            let contentType = http?.value(forHTTPHeaderField: "Content-Type") ?? ""
            continuation.yield(.response(status: http?.statusCode ?? 200, contentType: contentType))
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            noteEvent()
            continuation.yield(.data(data))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            if let error {
                continuation.finish(throwing: RelayError(sending: error))
            } else {
                continuation.finish()
            }
            session.finishTasksAndInvalidate()
        }
    }
}
