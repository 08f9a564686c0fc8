import Foundation

/// Splits a `text/event-stream` body into its events as the bytes arrive (the HTML Server-Sent
/// Events format): `field: value` lines, an empty line ending each event, `data` lines joined by
/// line ends, comment lines (`:`) skipped; lines may end with CRLF, LF or CR.
@_spi(Streaming) public struct ServerSentEventParser {
    public struct Event: Equatable, Sendable {
        public var name: String
        public var data: String
    }

    public init() {}

    private var buffer: [UInt8] = []
    private var name = ""
    private var data: [String] = []
    private var hasData = false
    /// A CR just ended a line: an LF right after it belongs to the same line end.
    private var skipsLineFeed = false

    public mutating func append(_ bytes: Data) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            if skipsLineFeed {
                skipsLineFeed = false
                if byte == 10 { continue }
            }
            guard byte == 10 || byte == 13 else {
                buffer.append(byte)
                continue
            }
            skipsLineFeed = byte == 13
            if let event = line(String(decoding: buffer, as: UTF8.self)) { events.append(event) }
            buffer.removeAll(keepingCapacity: true)
        }
        return events
    }

    private mutating func line(_ line: String) -> Event? {
        if line.isEmpty {
            defer {
                name = ""
                data = []
                hasData = false
            }
            return hasData ? Event(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n")) : nil
        }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring = ""
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = line[...]
        }
        switch field {
        case "event": name = String(value)
        case "data":
            data.append(String(value))
            hasData = true
        default: break
        }
        return nil
    }
}
