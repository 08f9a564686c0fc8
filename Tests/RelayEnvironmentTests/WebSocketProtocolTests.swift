import Foundation
import Testing

@_spi(Streaming) @testable import Relay

/// The pieces of the WebSocket client that need no server: SHA-1 for the handshake, RFC 6455
/// framing however the bytes are cut, what a server must not send, and the handshake's checks.
struct WebSocketProtocolTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// A frame as a server sends it (unmasked).
    static func serverFrame(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [(final ? 0x80 : 0) | opcode]
        switch payload.count {
        case 0..<126: bytes.append(UInt8(payload.count))
        case 126...0xFFFF: bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        return bytes + payload
    }

    /// The frames in `bytes`, fed `size` bytes at a time.
    static func frames(_ bytes: [UInt8], cutEvery size: Int, maximum: Int = 1 << 20) throws -> [WebSocketFrame] {
        var reader = WebSocketFrameReader(maximumPayload: maximum)
        var frames: [WebSocketFrame] = []
        var offset = 0
        while offset < bytes.count {
            reader.append(bytes[offset..<min(offset + size, bytes.count)])
            offset += size
            while let frame = try reader.nextFrame() { frames.append(frame) }
        }
        return frames
    }

    @Test func sha1MatchesItsTestVectors() {
        #expect(Self.hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Self.hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(Self.hex(SHA1.digest(long)) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    @Test func theHandshakeAcceptsRFC6455sExampleAndRefusesAWrongAnswer() throws {
        var handshake = WebSocketHandshake(
            url: URL(string: "ws://example.com/chat")!, subprotocols: ["graphql-transport-ws"], headers: [:])
        handshake.key = "dGhlIHNhbXBsZSBub25jZQ=="
        #expect(handshake.expectedAccept == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let head = [
            "HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", "sec-websocket-protocol: graphql-transport-ws",
        ]
        #expect(try handshake.accept(head.joined(separator: "\r\n")) == "graphql-transport-ws")
        #expect(handshake.request.hasPrefix("GET /chat HTTP/1.1\r\nHost: example.com\r\n"))
        #expect(handshake.request.contains("Sec-WebSocket-Protocol: graphql-transport-ws\r\n"))

        let refusals: [[String]] = [
            ["HTTP/1.1 200 OK"] + head.dropFirst(),
            head.filter { !$0.hasPrefix("Sec-WebSocket-Accept") } + ["Sec-WebSocket-Accept: wrong="],
            head.filter { !$0.hasPrefix("sec-websocket-protocol") },
            head.filter { !$0.hasPrefix("sec-websocket-protocol") } + ["Sec-WebSocket-Protocol: other"],
            head.filter { !$0.hasPrefix("Upgrade") },
        ]
        for lines in refusals {
            #expect(throws: GraphQLWebSocketNetwork.ConnectionError.self) {
                try handshake.accept(lines.joined(separator: "\r\n"))
            }
        }
    }

    @Test func onlyWSURLsAreTaken() throws {
        for url in ["wss://example.com/graphql", "http://example.com/graphql", "ws:///graphql"] {
            let handshake = WebSocketHandshake(url: URL(string: url)!, subprotocols: [], headers: [:])
            #expect(throws: GraphQLWebSocketNetwork.ConnectionError.self) { try handshake.hostAndPort() }
        }
        let handshake = WebSocketHandshake(
            url: URL(string: "ws://127.0.0.1:4001/x?a=1")!, subprotocols: [], headers: [:])
        let (host, port) = try handshake.hostAndPort()
        #expect(host == "127.0.0.1" && port == 4001)
        #expect(handshake.request.hasPrefix("GET /x?a=1 HTTP/1.1\r\nHost: 127.0.0.1:4001\r\n"))
    }

    @Test(arguments: [1, 2, 3, 7, 200, 100_000])
    func framesComeOutWholeHoweverTheBytesAreCut(cutEvery size: Int) throws {
        let medium = [UInt8](repeating: 0x61, count: 300)
        let large = [UInt8](repeating: 0x62, count: 70_000)
        let bytes =
            Self.serverFrame(0x1, Array("hi".utf8)) + Self.serverFrame(0x9, [1, 2]) + Self.serverFrame(0x2, medium)
            + Self.serverFrame(0x1, large) + Self.serverFrame(0x8, [0x03, 0xE8])
        let frames = try Self.frames(bytes, cutEvery: size)
        #expect(frames.map(\.opcode) == [.text, .ping, .binary, .text, .close])
        #expect(frames.map(\.payload.count) == [2, 2, 300, 70_000, 2])
        #expect(frames[3].payload == large)
    }

    @Test func whatAServerMustNotSendIsAViolationWithItsCloseCode() {
        let cases: [([UInt8], UInt16)] = [
            ([0x81, 0x82, 1, 2, 3, 4, 0, 0], 1002),  // masked
            ([0xC1, 0x00], 1002),  // reserved bit
            ([0x83, 0x00], 1002),  // unknown opcode
            ([0x09, 0x00], 1002),  // fragmented ping
            (Self.serverFrame(0x9, [UInt8](repeating: 0, count: 126)), 1002),  // long ping
            (Self.serverFrame(0x1, [UInt8](repeating: 0, count: 2000)), 1009),  // too large
            ([0x82, 127, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], 1009),  // absurd length
        ]
        for (bytes, code) in cases {
            #expect {
                _ = try Self.frames(bytes, cutEvery: 1, maximum: 1000)
            } throws: { ($0 as? WebSocketFrameReader.Violation)?.closeCode == code }
        }
    }

    @Test func fragmentedMessagesAreJoinedAroundControlFrames() throws {
        var assembler = WebSocketMessageAssembler(maximumMessage: 100)
        #expect(try assembler.add(.init(isFinal: false, opcode: .text, payload: Array("{\"type\":".utf8))) == nil)
        #expect(try assembler.add(.init(isFinal: false, opcode: .continuation, payload: Array("\"ping\"".utf8))) == nil)
        #expect(
            try assembler.add(.init(isFinal: true, opcode: .continuation, payload: [0x7D]))
                == .text(#"{"type":"ping"}"#))
        #expect(throws: WebSocketFrameReader.Violation.self) {
            try assembler.add(.init(isFinal: true, opcode: .continuation, payload: []))
        }
        var invalid = WebSocketMessageAssembler(maximumMessage: 100)
        #expect(throws: WebSocketFrameReader.Violation(closeCode: 1007, message: "a text message is not UTF-8")) {
            try invalid.add(.init(isFinal: true, opcode: .text, payload: [0xFF, 0xFE]))
        }
        var tooLong = WebSocketMessageAssembler(maximumMessage: 4)
        _ = try? tooLong.add(.init(isFinal: false, opcode: .binary, payload: [1, 2, 3]))
        #expect(throws: WebSocketFrameReader.Violation.self) {
            try tooLong.add(.init(isFinal: true, opcode: .continuation, payload: [4, 5]))
        }
    }

    @Test func aClientFrameIsMaskedAndReadsBackUnmasked() throws {
        for count in [0, 5, 125, 126, 65_535, 65_536] {
            let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
            let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
            var bytes = WebSocketFrame(isFinal: true, opcode: .binary, payload: payload).encoded(maskKey: key)
            #expect(bytes[1] & 0x80 != 0)
            // Unmask as a server would, then read it as a server's frame.
            let headerLength = count < 126 ? 2 : count <= 0xFFFF ? 4 : 10
            bytes[1] &= 0x7F
            let masked = bytes[(headerLength + 4)...]
            let unmasked = masked.enumerated().map { $0.element ^ key[$0.offset & 3] }
            let frames = try Self.frames(Array(bytes[..<headerLength]) + unmasked, cutEvery: 1000)
            #expect(frames == [WebSocketFrame(isFinal: true, opcode: .binary, payload: payload)])
        }
    }
}

/// graphql-transport-ws messages and the reconnect rule, and the Server-Sent Events reader.
struct SubscriptionProtocolTests {
    @Test func serverMessagesAreReadAndMalformedOnesRefused() throws {
        let next = try GraphQLTransportWSMessage.parse(#"{"id":"3","type":"next","payload":{"data":{"a":1}}}"#)
        #expect(next == .init(type: .next, id: "3", payload: ["data": ["a": 1]]))
        #expect(try GraphQLTransportWSMessage.parse(#"{"type":"connection_ack"}"#).type == .connectionAck)
        for text in ["not JSON", #"{"type":"next","payload":{}}"#, #"{"type":"surprise"}"#, "[]", #"{"id":"1"}"#] {
            #expect(throws: GraphQLWebSocketNetwork.ConnectionError.self) { try GraphQLTransportWSMessage.parse(text) }
        }
    }

    @Test func clientMessagesAreGraphQLTransportWS() {
        #expect(GraphQLTransportWSMessage.Outgoing.connectionInit(nil).text == #"{"type":"connection_init"}"#)
        #expect(
            GraphQLTransportWSMessage.Outgoing.connectionInit(["token": "a\"b"]).text
                == #"{"type":"connection_init","payload":{"token":"a\"b"}}"#)
        #expect(
            GraphQLTransportWSMessage.Outgoing.subscribe(id: "7", requestBody: #"{"query":"{a}"}"#).text
                == #"{"id":"7","type":"subscribe","payload":{"query":"{a}"}}"#)
        #expect(GraphQLTransportWSMessage.Outgoing.complete(id: "7").text == #"{"id":"7","type":"complete"}"#)
    }

    @Test func aLostConnectionIsOpenedAgainUnlessItsCloseCodeIsFatal() {
        #expect(GraphQLTransportWSConnection.isRetryable(.connectionLost(code: nil, reason: "")))
        #expect(GraphQLTransportWSConnection.isRetryable(.connectionLost(code: 1001, reason: "going away")))
        #expect(GraphQLTransportWSConnection.isRetryable(.connectionLost(code: 4408, reason: "init timeout")))
        #expect(GraphQLTransportWSConnection.isRetryable(.acknowledgementTimeout(1)))
        #expect(GraphQLTransportWSConnection.isRetryable(.protocolViolation("garbage")))
        for code: UInt16 in [4400, 4401, 4403, 4406, 4409, 4429, 4500, 1002, 1011] {
            #expect(!GraphQLTransportWSConnection.isRetryable(.connectionLost(code: code, reason: "")))
        }
    }

    @Test(arguments: [1, 2, 5, 1000])
    func serverSentEventsAreReadHoweverTheBytesAreCut(cutEvery size: Int) {
        let body =
            ": keep-alive\n\nevent: next\ndata: {\"data\":\r\ndata: 1}\r\n\r\nevent: next\rdata:{}\r\r"
            + "id: 4\nretry: 10\ndata: plain\n\nevent: complete\ndata:\n\n"
        var parser = ServerSentEventParser()
        var events: [ServerSentEventParser.Event] = []
        let bytes = Array(body.utf8)
        var offset = 0
        while offset < bytes.count {
            events += parser.append(Data(bytes[offset..<min(offset + size, bytes.count)]))
            offset += size
        }
        #expect(
            events == [
                .init(name: "next", data: "{\"data\":\n1}"), .init(name: "next", data: "{}"),
                .init(name: "message", data: "plain"), .init(name: "complete", data: ""),
            ])
    }
}
