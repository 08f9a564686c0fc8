/// RFC 6455 framing for a client: frames it sends are masked, frames it receives must not be.
struct WebSocketFrame: Equatable {
    enum Opcode: UInt8 {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    var isFinal: Bool
    var opcode: Opcode
    var payload: [UInt8]

    /// The frame's bytes as a client sends them, masked with `maskKey`.
    func encoded(maskKey: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [(isFinal ? 0x80 : 0) | opcode.rawValue]
        bytes.reserveCapacity(payload.count + 14)
        switch payload.count {
        case 0..<126: bytes.append(0x80 | UInt8(payload.count))
        case 126...0xFFFF:
            bytes.append(0x80 | 126)
            bytes.append(contentsOf: [UInt8(payload.count >> 8), UInt8(truncatingIfNeeded: payload.count)])
        default:
            bytes.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(shift)))
            }
        }
        bytes.append(contentsOf: maskKey)
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ maskKey[index & 3]) }
        return bytes
    }
}

/// Splits the bytes a server sends into frames, however they were cut into reads, and refuses
/// what RFC 6455 forbids a server to send (a close with code 1002 follows) or a frame larger
/// than `maximumPayload` (code 1009).
struct WebSocketFrameReader {
    struct Violation: Error, Equatable {
        var closeCode: UInt16
        var message: String
    }

    let maximumPayload: Int
    private var buffer: [UInt8] = []
    private var start = 0

    init(maximumPayload: Int) { self.maximumPayload = maximumPayload }

    mutating func append(_ bytes: ArraySlice<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next whole frame, or nil until more bytes arrive.
    mutating func nextFrame() throws(Violation) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw Violation(closeCode: 1002, message: "a frame uses reserved bits") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw Violation(closeCode: 1002, message: "unknown opcode \(first & 0x0F)")
        }
        guard second & 0x80 == 0 else { throw Violation(closeCode: 1002, message: "the server masked a frame") }
        var length = Int(second & 0x7F)
        var headerLength = 2
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            var value: UInt64 = 0
            for index in 2..<10 { value = value << 8 | UInt64(buffer[start + index]) }
            guard value <= UInt64(maximumPayload) else {
                throw Violation(closeCode: 1009, message: "a frame of \(value) bytes is too large")
            }
            length = Int(value)
            headerLength = 10
        }
        let isFinal = first & 0x80 != 0
        if opcode.isControl, length > 125 || !isFinal {
            throw Violation(closeCode: 1002, message: "a control frame is fragmented or too long")
        }
        guard length <= maximumPayload else {
            throw Violation(closeCode: 1009, message: "a frame of \(length) bytes is too large")
        }
        guard available >= headerLength + length else { return nil }
        let payloadStart = start + headerLength
        let frame = WebSocketFrame(
            isFinal: isFinal, opcode: opcode, payload: Array(buffer[payloadStart..<payloadStart + length]))
        start = payloadStart + length
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 65_536 {
            buffer.removeFirst(start)
            start = 0
        }
        return frame
    }
}

/// Joins a message's frames (a first text or binary frame, then continuations), keeping
/// control frames, which may come between them, apart.
struct WebSocketMessageAssembler {
    enum Message: Equatable {
        case text(String)
        case binary([UInt8])
    }

    let maximumMessage: Int
    private var opcode: WebSocketFrame.Opcode?
    private var parts: [UInt8] = []

    init(maximumMessage: Int) { self.maximumMessage = maximumMessage }

    /// The message a data frame completes, if it does.
    mutating func add(_ frame: WebSocketFrame) throws(WebSocketFrameReader.Violation) -> Message? {
        switch (frame.opcode, opcode) {
        case (.continuation, nil):
            throw .init(closeCode: 1002, message: "a continuation frame with no message to continue")
        case (.text, .some), (.binary, .some):
            throw .init(closeCode: 1002, message: "a new message before the last one ended")
        case (.continuation, .some): break
        default: opcode = frame.opcode
        }
        parts.append(contentsOf: frame.payload)
        guard parts.count <= maximumMessage else {
            throw .init(closeCode: 1009, message: "a message of more than \(maximumMessage) bytes")
        }
        guard frame.isFinal, let kind = opcode else { return nil }
        defer {
            opcode = nil
            parts.removeAll(keepingCapacity: true)
        }
        if kind == .binary { return .binary(parts) }
        guard let text = String(validating: parts, as: UTF8.self) else {
            throw .init(closeCode: 1007, message: "a text message is not UTF-8")
        }
        return .text(text)
    }
}
