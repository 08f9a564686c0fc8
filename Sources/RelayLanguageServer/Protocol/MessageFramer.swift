import Foundation

/// Splits the byte stream a Language Server Protocol client sends into messages: a header
/// (`Content-Length: N`, optionally `Content-Type: …`, each line ending in CR LF), an empty
/// line, then N bytes of JSON.
///
/// A client's framing mistake costs exactly the message it spoils, never the connection: a
/// header that is missing, unreadable or absurd, a length a few bytes off (or counted in
/// characters instead of UTF-8 bytes), or stray bytes between messages each become one
/// ``Frame/unreadable(_:id:)`` (with the request's id when it can be read), and the next
/// well-framed message is read as usual. Reading is linear in the bytes received: nothing is
/// scanned twice while a large message arrives in pieces.
public struct MessageFramer {
    /// What the stream yields next.
    public enum Frame: Equatable, Sendable {
        /// A message: a JSON object, with its id and method read.
        case message(IncomingMessage)
        /// A message that could not be read, why, and the id it carried when one could be read
        /// (an `Int` or a `String`, for a JSON-RPC parse error answered to it).
        case unreadable(String, id: RequestID?)
    }

    /// The largest message read: 64 MiB. A longer one is refused as soon as its header is read,
    /// and its bytes are skipped as they come.
    public static let maximumMessageSize = 64 << 20
    /// A header longer than this is not a header.
    static let maximumHeaderSize = 4096

    private var bytes: [UInt8] = []
    /// Where the unread bytes start.
    private var head = 0
    /// The message whose body is being received.
    private var pending: Pending?

    private struct Pending {
        /// Where the body starts.
        var bodyStart: Int
        /// The header's length, when it gave a usable one.
        var declaredLength: Int?
        /// Why the message is refused whatever its body holds (its header was unusable).
        var problem: String?
        /// Reads the body's JSON as it arrives, to find where it really ends.
        var scanner: JSONExtentScanner

        init(bodyStart: Int, declaredLength: Int?, problem: String?) {
            self.bodyStart = bodyStart
            self.declaredLength = declaredLength
            self.problem = problem
            self.scanner = JSONExtentScanner()
            scanner.position = bodyStart
        }
    }

    public init() {}

    /// Adds bytes read from the client.
    public mutating func append(_ data: some Collection<UInt8>) {
        bytes.append(contentsOf: data)
    }

    /// The next message or unreadable message, or nil until more bytes are appended.
    public mutating func next() -> Frame? {
        defer { compact() }
        while true {
            if pending == nil {
                switch readHeader() {
                case .needMore: return nil
                case .skipped: continue
                case .refused(let problem, let body):
                    pending = Pending(bodyStart: body, declaredLength: nil, problem: problem)
                case .header(let length, let body):
                    pending = Pending(bodyStart: body, declaredLength: length, problem: nil)
                }
            }
            let problem = pending?.problem
            guard let frame = readBody() else { return nil }
            return problem.map { frame.refused(for: $0) } ?? frame
        }
    }

    // MARK: Headers

    private enum HeaderResult {
        case needMore
        /// Bytes that start no header were dropped.
        case skipped
        /// A header without a usable length; the body starts at the offset.
        case refused(String, body: Int)
        case header(length: Int, body: Int)
    }

    private mutating func readHeader() -> HeaderResult {
        guard let start = nextHeaderStart(from: head) else {
            // Keep what may be the beginning of a header name cut by the read.
            head = max(head, bytes.count - (Self.contentLength.count - 1))
            return .needMore
        }
        if start > head {
            head = start
            return .skipped
        }
        let searchEnd = min(bytes.count, start + Self.maximumHeaderSize)
        guard let end = find(Self.headerEnd, in: start..<searchEnd) else {
            guard bytes.count - start >= Self.maximumHeaderSize else { return .needMore }
            head = start + 1  // no header ends: it was not one
            return .skipped
        }
        // A header name inside a line is where a message really starts: what comes before it
        // (a damaged header, or the end of a body) is skipped.
        for index in (start + 1)..<end where isHeaderStart(at: index) {
            if index < start + 2 || bytes[index - 2] != UInt8(ascii: "\r") || bytes[index - 1] != UInt8(ascii: "\n") {
                head = index
                return .skipped
            }
        }
        var length: Int?
        var problem: String?
        for line in split(start..<end) {
            guard let colon = bytes[line].firstIndex(of: UInt8(ascii: ":")) else {
                problem = "a header line without ':'"
                continue
            }
            let name = String(decoding: bytes[line.lowerBound..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: bytes[(colon + 1)..<line.upperBound], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            guard name == "content-length" else { continue }
            if value.isEmpty || !value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                problem = "Content-Length '\(value.prefix(40))' is not a number"
            } else if value.count > 9 || (Int(value) ?? Int.max) > Self.maximumMessageSize {
                problem = "Content-Length \(value.prefix(40)) is over the maximum of \(Self.maximumMessageSize) bytes"
            } else {
                length = Int(value)
            }
        }
        let body = end + Self.headerEnd.count
        head = body
        if let problem { return .refused(problem, body: body) }
        guard let length else { return .refused("a header without Content-Length", body: body) }
        return .header(length: length, body: body)
    }

    // MARK: Bodies

    /// The pending message when its end is known, or nil until more bytes come.
    private mutating func readBody() -> Frame? {
        guard var message = pending else { return nil }
        let available = bytes.count - message.bodyStart
        if let length = message.declaredLength, available >= length {
            let body = message.bodyStart..<(message.bodyStart + length)
            if let message = IncomingMessage(body: bytes[body]) {
                return complete(at: body.upperBound, .message(message))
            }
            // The length is off. JSON that ends sooner, followed by a header, is a message whose
            // length was too long: the next message starts at that header.
            message.scanner.advance(over: bytes, upTo: body.upperBound)
            let cut: (body: Int, next: Int?)? =
                switch message.scanner.state {
                case .reading: nil
                case .ended(let end): (end, firstNonSpace(from: end))
                case .invalid(let end): (end, end)
                }
            // (Only a header inside the declared length counts: one after it follows a body
            // whose length was right and whose JSON is broken.)
            if let cut, let next = cut.next, next < body.upperBound {
                if isHeaderStart(at: next) {
                    return complete(at: next, unreadable(message.bodyStart..<cut.body, length: length))
                }
                if mayBecomeHeaderStart(at: next) {
                    pending = message
                    return nil  // the bytes that tell are still to come
                }
            }
            // Too short, or not JSON: the message is these bytes; what follows up to the next
            // header is skipped.
            return complete(at: body.upperBound, unreadable(body, length: length))
        }
        // Not all there yet: follow the JSON as it comes, so that a body that ends before its
        // declared length does not hold back the message that follows it.
        message.scanner.advance(over: bytes, upTo: bytes.count)
        pending = message
        switch message.scanner.state {
        case .reading:
            guard message.declaredLength == nil, available > Self.maximumMessageSize else { return nil }
            return complete(at: bytes.count, .unreadable("a message over the maximum size", id: nil))
        case .ended(let end):
            guard let length = message.declaredLength else {
                let body = message.bodyStart..<end
                let id = IncomingMessage(body: bytes[body]) != nil ? Self.requestID(in: bytes[body]) : nil
                return complete(at: end, .unreadable("", id: id))
            }
            // The JSON ended early; a header after it shows that the length was too long.
            guard let next = firstNonSpace(from: end), isHeaderStart(at: next) else { return nil }
            return complete(at: next, unreadable(message.bodyStart..<end, length: length))
        case .invalid(let end):
            if let length = message.declaredLength, available < length, !isHeaderStart(at: end) { return nil }
            if mayBecomeHeaderStart(at: end) { return nil }
            return complete(at: end, unreadable(message.bodyStart..<end, length: message.declaredLength))
        }
    }

    private mutating func complete(at end: Int, _ frame: Frame) -> Frame {
        head = end
        pending = nil
        return frame
    }

    private func unreadable(_ body: Range<Int>, length: Int?) -> Frame {
        let id = Self.requestID(in: bytes[body])
        if let length {
            return .unreadable("Content-Length \(length) does not match the message's \(body.count) bytes", id: id)
        }
        return .unreadable("the message is not JSON", id: id)
    }

    // MARK: Bytes

    static let contentLength = Array("content-length:".utf8)
    static let contentType = Array("content-type:".utf8)
    static let headerEnd = Array("\r\n\r\n".utf8)

    /// Where the next `Content-Length:` or `Content-Type:` (in any case) starts.
    private func nextHeaderStart(from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if isHeaderStart(at: index) { return index }
            index += 1
        }
        return nil
    }

    private func isHeaderStart(at index: Int) -> Bool {
        guard index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "c") else { return false }
        return matchesIgnoringCase(Self.contentLength, at: index) || matchesIgnoringCase(Self.contentType, at: index)
    }

    /// True when the bytes from `index` to the end are the beginning of a header's name.
    private func mayBecomeHeaderStart(at index: Int) -> Bool {
        let count = bytes.count - index
        guard count > 0, count < Self.contentLength.count else { return false }
        return [Self.contentLength, Self.contentType].contains { word in
            count < word.count && (0..<count).allSatisfy { bytes[index + $0] | 0x20 == word[$0] | 0x20 }
        }
    }

    private func matchesIgnoringCase(_ word: [UInt8], at index: Int) -> Bool {
        guard index + word.count <= bytes.count else { return false }
        for offset in 0..<word.count {
            let byte = bytes[index + offset]
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if lowered != word[offset] { return false }
        }
        return true
    }

    private func find(_ needle: [UInt8], in range: Range<Int>) -> Int? {
        guard range.count >= needle.count else { return nil }
        var index = range.lowerBound
        while index + needle.count <= range.upperBound {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The header's lines, split at CR LF.
    private func split(_ range: Range<Int>) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var lineStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "\r"), index + 1 < range.upperBound, bytes[index + 1] == UInt8(ascii: "\n")
            {
                lines.append(lineStart..<index)
                index += 2
                lineStart = index
            } else {
                index += 1
            }
        }
        lines.append(lineStart..<range.upperBound)
        return lines
    }

    private func firstNonSpace(from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): index += 1
            default: return index
            }
        }
        return nil
    }

    /// Drops the bytes read, now and then, so the buffer does not grow with the session.
    private mutating func compact() {
        guard head > 65536, head * 2 > bytes.count else { return }
        bytes.removeSubrange(0..<head)
        if var message = pending {
            message.bodyStart -= head
            message.scanner.shift(by: head)
            pending = message
        }
        head = 0
    }

    /// The `id` of a JSON-RPC message's top level, read from what may be a damaged body.
    static func requestID(in body: ArraySlice<UInt8>) -> RequestID? {
        var scanner = JSONExtentScanner()
        scanner.position = body.startIndex
        let key = Array("\"id\"".utf8)
        while scanner.position < body.endIndex, scanner.state == .reading {
            let index = scanner.position
            // A key `"id"` at the top level, outside strings, followed by `:`.
            if !scanner.inString, scanner.depth == 1, body[index] == UInt8(ascii: "\""),
                body[index...].starts(with: key)
            {
                var cursor = index + key.count
                while cursor < body.endIndex, body[cursor] == UInt8(ascii: " ") { cursor += 1 }
                if cursor < body.endIndex, body[cursor] == UInt8(ascii: ":") {
                    cursor += 1
                    while cursor < body.endIndex, body[cursor] == UInt8(ascii: " ") { cursor += 1 }
                    return idValue(in: body[cursor...])
                }
            }
            scanner.advance(over: body, upTo: index + 1)
        }
        return nil
    }

    private static func idValue(in text: ArraySlice<UInt8>) -> RequestID? {
        guard let first = text.first else { return nil }
        if first == UInt8(ascii: "\"") {
            let rest = text.dropFirst()
            guard let close = rest.firstIndex(of: UInt8(ascii: "\"")), close - rest.startIndex <= 200 else {
                return nil
            }
            return .string(String(decoding: rest[..<close], as: UTF8.self))
        }
        let digits = text.prefix { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") }
        guard digits.count < 19, let number = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        return .number(number)
    }
}

extension MessageFramer.Frame {
    /// The frame, refused for a problem of its header whatever its body holds.
    fileprivate func refused(for problem: String) -> MessageFramer.Frame {
        switch self {
        case .message(let message):
            return .unreadable(problem, id: message.id)
        case .unreadable(_, let id):
            return .unreadable(problem, id: id)
        }
    }
}
