import Foundation
import Testing

@testable import RelayLanguageServer

/// The language server's framing: each framing mistake a client makes costs exactly the message
/// it spoils, and the well-framed message after it is read.
struct MessageFramerTests {
    static func frame(_ body: String, length: Int? = nil) -> [UInt8] {
        Array("Content-Length: \(length ?? body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    static let hover = #"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{}}"#

    /// Everything the framer yields for these bytes, appended in pieces of `chunk` bytes.
    static func frames(_ bytes: [UInt8], chunk: Int = .max) -> [MessageFramer.Frame] {
        var framer = MessageFramer()
        var frames: [MessageFramer.Frame] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            framer.append(bytes[offset..<end])
            offset = end
            while let frame = framer.next() { frames.append(frame) }
        }
        return frames
    }

    static func messageIDs(_ frames: [MessageFramer.Frame]) -> [Int] {
        frames.compactMap {
            if case .message(let message) = $0, case .number(let id) = message.id { id } else { nil }
        }
    }

    static func unreadableIDs(_ frames: [MessageFramer.Frame]) -> [RequestID?] {
        frames.compactMap {
            if case .unreadable(_, let id) = $0 { id } else { nil }
        }
    }

    @Test(arguments: [1, 3, 64, Int.max])
    func wellFramedMessagesInAnyPieces(chunk: Int) {
        let first = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"text":"é 🙂 \r\n"}}"#
        let bytes =
            Self.frame(first) + Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8)
            + Self.frame(Self.hover)
        #expect(Self.messageIDs(Self.frames(bytes, chunk: chunk)) == [1, 7])
    }

    static let badFrames: [(String, [UInt8])] = [
        ("non-numeric length", Array("Content-Length: twelve\r\n\r\n{\"id\":3,\"method\":\"x\"}".utf8)),
        ("no length", Array("Content-Type: application/json\r\n\r\n{\"id\":3,\"method\":\"x\"}".utf8)),
        ("a length 3 bytes short", frame(#"{"id":3,"method":"x"}"#, length: 18)),
        ("a length 3 bytes long", frame(#"{"id":3,"method":"x"}"#, length: 24)),
        ("a length in characters", frame(#"{"id":3,"method":"x","params":{"text":"café, naïve"}}"#, length: 51)),
        ("an absurd length", frame(#"{"id":3,"method":"x"}"#, length: 1 << 62)),
        ("a negative length", Array("Content-Length: -5\r\n\r\n{\"id\":3}".utf8)),
        ("a body that is not JSON", frame("{\"id\":3,\"method\":\"x\" oops}")),
        ("stray bytes", Array("hello\r\n\r\n".utf8)),
        ("a header line without a colon", Array("Content-Length 20\r\n\r\n{\"id\":3}".utf8)),
    ]

    @Test(arguments: 0..<badFrames.count)
    func aBadFrameIsDroppedAloneAndTheNextMessageIsRead(index: Int) {
        let (name, bad) = Self.badFrames[index]
        for chunk in [1, 7, Int.max] {
            let frames = Self.frames(bad + Self.frame(Self.hover) + Self.frame(Self.hover), chunk: chunk)
            #expect(Self.messageIDs(frames) == [7, 7], "\(name), in pieces of \(chunk)")
            let unreadable = Self.unreadableIDs(frames)
            #expect(unreadable.count <= 1, "\(name): \(frames)")
            // Without a colon the line is no header at all: its bytes are skipped as stray ones.
            if !["stray bytes", "a negative length", "a header line without a colon"].contains(name) {
                #expect(unreadable == [.number(3)], "\(name), in pieces of \(chunk): the id is read for the answer")
            }
        }
    }

    /// A length too long, with nothing after it yet: the framer waits (the client promised more
    /// bytes); the next message ends the wait, and is read.
    @Test func aLengthTooLongWaitsOnlyUntilTheNextMessage() {
        var framer = MessageFramer()
        framer.append(Self.frame(#"{"id":3,"method":"x"}"#, length: 400))
        #expect(framer.next() == nil)
        framer.append(Self.frame(Self.hover))
        #expect(
            framer.next() == .unreadable("Content-Length 400 does not match the message's 21 bytes", id: .number(3)))
        guard case .message(let message) = framer.next() else {
            Issue.record("the hover after it is not read")
            return
        }
        #expect(message.id == .number(7) && message.method == "textDocument/hover")
    }

    /// An absurd length is refused when its header is read, not after waiting for its bytes.
    @Test func anAbsurdLengthIsRefusedAtOnce() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 4611686018427387904\r\n\r\n".utf8))
        framer.append(Array(#"{"id":5,"method":"x","params":{"#.utf8))
        #expect(framer.next() == nil)  // its JSON has not ended
        framer.append(Array("}}".utf8))
        guard case .unreadable(let problem, let id) = framer.next() else {
            Issue.record("the message is not refused")
            return
        }
        #expect(problem.contains("over the maximum of \(MessageFramer.maximumMessageSize) bytes"))
        #expect(id == .number(5))
    }

    /// A string id, and ids that are not at the top level, are told apart.
    @Test func theRequestIDOfADamagedBody() {
        func id(_ text: String) -> RequestID? {
            MessageFramer.requestID(in: ArraySlice(Array(text.utf8)))
        }
        #expect(id(#"{"params":{"id":9},"id":"a-1","method":"#) == .string("a-1"))
        #expect(id(#"{"method":"id","params":{"text":"\"id\":4"}"#) == nil)
        #expect(id(#"{ "id" : 12, "#) == .number(12))
    }

    /// Junk that never becomes a header is not kept: the buffer stays small.
    @Test func junkIsNotKept() {
        var framer = MessageFramer()
        for _ in 0..<1000 { framer.append(Array(repeating: UInt8(ascii: "x"), count: 10_000)) }
        #expect(framer.next() == nil)
        framer.append(Self.frame(Self.hover))
        #expect(Self.messageIDs([framer.next()].compactMap { $0 }) == [7])
    }

    /// The frames do not depend on how the bytes arrive (the fuzz harness's property), for each
    /// bad frame and for an input the harness found: broken JSON whose brackets close early,
    /// then only blanks up to a header after the declared length, and a header name inside a
    /// header line.
    @Test func framesDoNotDependOnHowTheBytesArrive() {
        let found =
            Array(#"onContent-Length: 38\#r\#n\#r\#n{"d""x"e: a\#r]"#.utf8)
            + Array(repeating: UInt8(ascii: "\t"), count: 110)
            + Array("\nContent-Length: \0\0\0\0\n{\"i\"}Cth".utf8)
        for input in Self.badFrames.map(\.1) + [found] {
            let whole = Self.frames(input + Self.frame(Self.hover))
            #expect(Self.messageIDs(whole) == [7], "the well-framed message after the input is read")
            for chunk in 1...9 {
                #expect(Self.frames(input + Self.frame(Self.hover), chunk: chunk) == whole, "in pieces of \(chunk)")
            }
        }
    }
}
