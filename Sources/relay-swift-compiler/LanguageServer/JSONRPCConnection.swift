import Foundation
import RelayCompiler

/// JSON-RPC 2.0 messages framed as the Language Server Protocol frames them: a
/// `Content-Length: N` header, an empty line, then N bytes of JSON.
///
/// A message the client framed wrongly is dropped alone (``MessageFramer``): when its id can be
/// read it is answered with a JSON-RPC parse error, and the messages after it are served.
final class JSONRPCConnection {
    private let input: FileHandle
    private let output: FileHandle
    private let log: (String) -> Void
    private var framer = MessageFramer()
    /// A frame read ahead by `hasBufferedMessage`.
    private var readAhead: MessageFramer.Frame?

    init(input: FileHandle, output: FileHandle, log: @escaping (String) -> Void = { _ in }) {
        self.input = input
        self.output = output
        self.log = log
    }

    /// The next message, or nil when the input ended.
    func receive() -> [String: Any]? {
        while true {
            while let frame = readAhead ?? framer.next() {
                readAhead = nil
                switch frame {
                case .message(let object): return object
                case .unreadable(let problem, let id):
                    let reason = problem.isEmpty ? "the message's header was unusable" : problem
                    log("relay-swift-compiler lsp: dropped a message the client framed wrongly: \(reason)")
                    guard let id else { continue }
                    let value: Any =
                        switch id {
                        case .number(let number): number
                        case .string(let string): string
                        }
                    respond(to: value, errorCode: -32700, message: "Parse error: \(reason)")
                }
            }
            let more = input.availableData
            guard !more.isEmpty else { return nil }
            framer.append(more)
        }
    }

    /// True when a whole message has already been read and waits to be received.
    var hasBufferedMessage: Bool {
        if readAhead == nil { readAhead = framer.next() }
        return readAhead != nil
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
