import Foundation

/// JSON-RPC 2.0 messages framed as the Language Server Protocol frames them: a
/// `Content-Length: N` header, an empty line, then N bytes of JSON.
final class JSONRPCConnection {
    private let input: FileHandle
    private let output: FileHandle
    private var buffer = Data()

    init(input: FileHandle, output: FileHandle) {
        self.input = input
        self.output = output
    }

    /// The next message, or nil when the input ended. A frame that is not JSON is skipped.
    func receive() -> [String: Any]? {
        while true {
            if let message = nextFrame() {
                if let object = (try? JSONSerialization.jsonObject(with: message)) as? [String: Any] { return object }
                continue
            }
            let more = input.availableData
            guard !more.isEmpty else { return nil }
            buffer.append(more)
        }
    }

    /// True when a whole message has already been read and waits in the buffer.
    var hasBufferedMessage: Bool {
        guard let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) else { return false }
        let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self).lowercased()
        guard let line = header.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length") }),
            let length = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
        else { return true }  // a malformed header: the next receive drops it at once
        return buffer.distance(from: headerEnd.upperBound, to: buffer.endIndex) >= length
    }

    /// A whole frame's body from the buffer, if one is there.
    private func nextFrame() -> Data? {
        guard let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        var length: Int?
        for line in header.components(separatedBy: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0 else {
            buffer.removeSubrange(buffer.startIndex..<headerEnd.upperBound)
            return Data()  // not a frame this server can read: dropped
        }
        guard buffer.distance(from: headerEnd.upperBound, to: buffer.endIndex) >= length else { return nil }
        let bodyEnd = buffer.index(headerEnd.upperBound, offsetBy: length)
        let body = buffer[headerEnd.upperBound..<bodyEnd]
        buffer = Data(buffer[bodyEnd...])
        return Data(body)
    }

    func send(_ message: [String: Any]) {
        var object = message
        object["jsonrpc"] = "2.0"
        guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        output.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func respond(to id: Any, result: Any) { send(["id": id, "result": result]) }

    func respond(to id: Any, errorCode: Int, message: String) {
        send(["id": id, "error": ["code": errorCode, "message": message]])
    }

    func notify(_ method: String, _ parameters: [String: Any]) { send(["method": method, "params": parameters]) }
}
