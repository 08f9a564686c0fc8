import Foundation

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    /// Writing to a connection the client closed must not raise SIGPIPE (it would end the tests).
    private let noSignal = Int32(MSG_NOSIGNAL)
    private func listenOnSocket(_ socket: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(socket, backlog) }
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
    private let noSignal: Int32 = 0  // SO_NOSIGPIPE is set on each connection instead
    private func listenOnSocket(_ socket: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(socket, backlog) }
#endif

/// A real HTTP server on 127.0.0.1 that misbehaves on purpose, one way per server: an error
/// status, a body that is not JSON, an answer that comes too late, a connection closed with no
/// answer. It reads each request whole before misbehaving, so the client really sent it.
final class MisbehavingServer: @unchecked Sendable {
    enum Behavior: Sendable {
        case respond(status: Int, body: String)
        case delay(seconds: Double, status: Int, body: String)
        case closeWithoutAnswer
        /// A 200 answer of this content type whose body never ends: `chunk` is sent every
        /// `interval` seconds until the client closes the connection (at most a minute).
        case trickle(contentType: String, chunk: String, interval: Double)
    }

    let port: UInt16
    private let listener: Int32
    private let behavior: Behavior
    private let lock = NSLock()
    private var requestCount = 0
    private var stopped = false

    var url: URL { URL(string: "http://127.0.0.1:\(port)/graphql")! }
    /// How many requests arrived.
    var requests: Int { lock.withLock { requestCount } }
    private var clientClosings = 0
    /// How many trickled answers ended because the client closed the connection.
    var connectionsClosedByClient: Int { lock.withLock { clientClosings } }

    init(_ behavior: Behavior) throws {
        self.behavior = behavior
        (listener, port) = try Self.listen()
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Stops accepting, once however often it is called. The descriptor is closed by the accept
    /// loop when its `accept` fails, never here: a second close, or a call on the descriptor
    /// after it, would hit whatever another test opened under the same number meanwhile.
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
        }
    }

    /// A loopback port nobody listens on (bound, then closed at once).
    static func unusedPort() throws -> UInt16 {
        let (socket, port) = try listen()
        close(socket)
        return port
    }

    private static func listen() throws -> (Int32, UInt16) {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listenOnSocket(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }  // stopped
            #if canImport(Darwin)
                var yes: Int32 = 1
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard readRequest(connection) else { return }
        lock.withLock { requestCount += 1 }
        switch behavior {
        case .respond(let status, let body):
            send(connection, status: status, body: body)
        case .delay(let seconds, let status, let body):
            Thread.sleep(forTimeInterval: seconds)
            send(connection, status: status, body: body)
        case .closeWithoutAnswer:
            return
        case .trickle(let contentType, let chunk, let interval):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nConnection: close\r\n\r\n"
            guard sendAll(connection, Array(head.utf8)) else { return }
            for _ in 0..<Int(60 / interval) {
                guard sendAll(connection, Array(chunk.utf8)) else {
                    lock.withLock { clientClosings += 1 }
                    return
                }
                Thread.sleep(forTimeInterval: interval)
            }
        }
    }

    /// Sends every byte; false when the client has closed the connection.
    private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Foundation.send(connection, $0.baseAddress, $0.count, noSignal)
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Reads the headers and a `Content-Length` body; false when the client went away.
    private func readRequest(_ connection: Int32) -> Bool {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return false }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let headers = text[..<end.lowerBound].lowercased()
            let length =
                headers.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length {
                return true
            }
        }
    }

    private func send(_ connection: Int32, status: Int, body: String) {
        let bytes = Array(body.utf8)
        let head =
            "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\n"
            + "Connection: close\r\n\r\n"
        _ = sendAll(connection, Array(head.utf8) + bytes)
    }
}
