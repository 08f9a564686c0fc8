import Foundation
@_spi(RelayGenerated) import RelayContract

/// The client's side of RFC 6455's opening handshake: an HTTP/1.1 upgrade request with a
/// random key, and a `101` answer whose `Sec-WebSocket-Accept` proves the server read it.
struct WebSocketHandshake: Sendable {
    let url: URL
    let subprotocols: [String]
    let headers: [String: String]
    /// Sixteen random bytes, base64-encoded.
    var key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()

    /// The host and port of a `ws://` URL (port 80 when it names none).
    func hostAndPort() throws(GraphQLWebSocketNetwork.ConnectionError) -> (String, UInt16) {
        guard url.scheme?.lowercased() == "ws" else {
            throw .connectionFailed(
                "\(url.absoluteString): only ws:// URLs are supported by this client (wss:// goes through GraphQLWebSocketNetwork.Client.foundation)"
            )
        }
        guard let host = url.host, !host.isEmpty else { throw .connectionFailed("\(url.absoluteString) has no host") }
        return (host, UInt16(exactly: url.port ?? 80) ?? 80)
    }

    var request: String {
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        let host = url.port.map { "\(url.host ?? ""):\($0)" } ?? (url.host ?? "")
        var lines = [
            "GET \(path) HTTP/1.1", "Host: \(host)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13",
        ]
        if !subprotocols.isEmpty { lines.append("Sec-WebSocket-Protocol: \(subprotocols.joined(separator: ", "))") }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// The `Sec-WebSocket-Accept` value a server must answer `key` with.
    var expectedAccept: String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// Sends the request and reads the answer: the subprotocol chosen, and any bytes that
    /// came after the answer's head (the first frames).
    func perform(on connection: TCPConnection) throws(GraphQLWebSocketNetwork.ConnectionError) -> (String?, [UInt8]) {
        do {
            try connection.write(Array(request.utf8))
        } catch {
            throw .connectionFailed("the handshake could not be sent")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = Self.headEnd(in: received) {
                let head = String(decoding: received[..<end], as: UTF8.self)
                return (try accept(head), Array(received[(end + 4)...]))
            }
            guard received.count < 16_384 else { throw .connectionFailed("the handshake's answer is too long") }
            guard let count = connection.read(into: &buffer), count > 0 else {
                throw .connectionFailed("the server closed the connection or did not answer the handshake")
            }
            received.append(contentsOf: buffer[..<count])
        }
    }

    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Checks the answer's head; the subprotocol it chose.
    func accept(_ head: String) throws(GraphQLWebSocketNetwork.ConnectionError) -> String? {
        let lines = head.components(separatedBy: "\r\n")
        let status = lines.first ?? ""
        let parts = status.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1] == "101" else {
            throw .connectionFailed("the server refused the upgrade: \(status)")
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard fields["upgrade"]?.lowercased() == "websocket",
            fields["connection"]?.lowercased().contains("upgrade") == true
        else { throw .connectionFailed("the server's answer is not a WebSocket upgrade") }
        guard fields["sec-websocket-accept"] == expectedAccept else {
            throw .connectionFailed("the server's Sec-WebSocket-Accept does not match the key sent")
        }
        let chosen = fields["sec-websocket-protocol"]
        if let chosen, !subprotocols.contains(chosen) {
            throw .connectionFailed("the server chose subprotocol \(chosen), which was not offered")
        }
        if chosen == nil, !subprotocols.isEmpty {
            throw .connectionFailed(
                "the server accepted none of the subprotocols \(subprotocols.joined(separator: ", "))")
        }
        return chosen
    }
}
