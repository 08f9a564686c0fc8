import Foundation

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    /// Writing to a connection the peer closed must not raise SIGPIPE (it would end the process).
    private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
    private let noSignal: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
#endif

/// A blocking TCP connection, used by the WebSocket client from a thread of its own (blocking
/// calls stay off Swift's cooperative pool). Reads happen on that thread only; writes, from any
/// thread, are serialized by a lock, which also makes `close` safe against a write in flight.
final class TCPConnection: @unchecked Sendable {
    private let lock = NSLock()
    private var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close() }

    /// Connects to the first address of `host` that answers; `timeout` bounds the connect and
    /// every later read and write until `setReadTimeout` changes reads.
    static func connect(host: String, port: UInt16, timeout: TimeInterval) throws(GraphQLWebSocketNetwork
        .ConnectionError) -> TCPConnection
    {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamSocket
        var addresses: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &addresses)
        guard status == 0, let first = addresses else {
            throw .connectionFailed("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            let connection = TCPConnection(descriptor: descriptor)
            connection.setOption(SO_SNDTIMEO, timeout)
            connection.setOption(SO_RCVTIMEO, timeout)
            #if canImport(Darwin)
                var yes: Int32 = 1
                setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if systemConnect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                return connection
            }
            lastError = String(cString: strerror(errno))
        }
        throw .connectionFailed("cannot connect to \(host):\(port): \(lastError)")
    }

    /// How long a read may wait for bytes; nil waits for ever (a subscription may be quiet).
    func setReadTimeout(_ timeout: TimeInterval?) {
        lock.withLock { setOption(SO_RCVTIMEO, timeout ?? 0) }
    }

    private func setOption(_ option: Int32, _ seconds: TimeInterval) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: .init(Int((seconds - seconds.rounded(.down)) * 1_000_000)))
        setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads what has arrived (at least one byte) into `buffer`; 0 when the peer closed the
    /// connection, nil after an error or a read timeout.
    func read(into buffer: inout [UInt8]) -> Int? {
        let descriptor = lock.withLock { self.descriptor }
        guard descriptor >= 0 else { return nil }
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count >= 0 ? count : nil
    }

    /// Writes every byte, or throws when the connection is gone.
    func write(_ bytes: [UInt8]) throws(GraphQLWebSocketNetwork.ConnectionError) {
        let written = lock.withLock { () -> Bool in
            var offset = 0
            while offset < bytes.count, descriptor >= 0 {
                let count = bytes.withUnsafeBytes {
                    send(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset, noSignal)
                }
                guard count > 0 else { return false }
                offset += count
            }
            return offset == bytes.count
        }
        guard written else { throw .connectionLost(code: nil, reason: "the connection is closed") }
    }

    /// Ends both directions: a read in progress on another thread returns at once.
    func shutdownBoth() {
        lock.withLock { if descriptor >= 0 { _ = shutdown(descriptor, Int32(SHUT_RDWR)) } }
    }

    /// Called by the reading thread once it is done, so no read can use a reused descriptor.
    func close() {
        lock.withLock {
            if descriptor >= 0 {
                _ = systemClose(descriptor)
                descriptor = -1
            }
        }
    }
}

#if canImport(Glibc)
    private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t)
        -> Int32
    { Glibc.connect(socket, address, length) }
    private func systemClose(_ socket: Int32) -> Int32 { Glibc.close(socket) }
#elseif canImport(Darwin)
    private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t)
        -> Int32
    { Darwin.connect(socket, address, length) }
    private func systemClose(_ socket: Int32) -> Int32 { Darwin.close(socket) }
#endif
