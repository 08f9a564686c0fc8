import Foundation
import Testing

@_spi(Streaming) @testable import Relay

/// The `multipart/mixed` reader of incremental responses over HTTP: parts come out whole however
/// the bytes are cut, with or without headers, CRLF or LF, and the closing delimiter ends it.
struct MultipartMixedParserTests {
    static let body =
        "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{\"data\":{\"a\":1},\"hasNext\":true}\r\n"
        + "---\r\nContent-Type: application/json\r\n\r\n{}\r\n"
        + "---\r\n\r\n{\"incremental\":[],\"hasNext\":false}\r\n-----\r\n"

    static let parts = [#"{"data":{"a":1},"hasNext":true}"#, #"{"incremental":[],"hasNext":false}"#]

    static func parse(_ body: String, contentType: String = "multipart/mixed; boundary=\"-\"", cutEvery size: Int)
        -> (parts: [String], finished: Bool)
    {
        guard var parser = MultipartMixedParser(contentType: contentType) else { return ([], false) }
        let bytes = Array(body.utf8)
        var parts: [String] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            parts += parser.append(Data(bytes[start..<end])).map { String(decoding: $0, as: UTF8.self) }
            start = end
        }
        return (parts, parser.isFinished)
    }

    @Test func partsComeOutWholeHoweverTheBytesAreCut() {
        for size in 1...Self.body.utf8.count {
            let (parts, finished) = Self.parse(Self.body, cutEvery: size)
            #expect(parts == Self.parts, "cut every \(size) bytes")
            #expect(finished)
        }
    }

    @Test func lineFeedsAloneAndAnotherBoundaryWork() {
        let body =
            "--graphql\nContent-Type: application/json\n\n{\"data\":{}}\n--graphql\n\n{\"hasNext\":false}\n--graphql--\n"
        let (parts, finished) = Self.parse(body, contentType: "multipart/mixed;boundary=graphql", cutEvery: 7)
        #expect(parts == [#"{"data":{}}"#, #"{"hasNext":false}"#])
        #expect(finished)
    }

    @Test func otherContentTypesAreNotMultipart() {
        #expect(MultipartMixedParser(contentType: "application/json") == nil)
        #expect(MultipartMixedParser(contentType: "multipart/mixed") != nil)
    }
}
