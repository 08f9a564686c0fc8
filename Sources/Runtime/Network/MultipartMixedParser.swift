import Foundation

/// Splits a `multipart/mixed` body into its parts' bodies as the bytes arrive (GraphQL over
/// HTTP's incremental delivery: each part is one JSON payload). Parts are delimited by
/// `--<boundary>` lines; a part's headers end at its first empty line; `--<boundary>--` ends
/// the body. Line ends may be CRLF or LF. Empty parts and `{}` (a heartbeat some servers send)
/// are skipped.
///
/// Each byte is looked at a bounded number of times however the body is cut into chunks, so a
/// part of many megabytes arriving in small pieces costs what its bytes cost.
@_spi(Streaming) public struct MultipartMixedParser {
    private let delimiter: [UInt8]
    private var buffer: [UInt8] = []
    /// Where the current part starts (the line end before it).
    private var partStart = 0
    /// Where the next search for the delimiter starts: bytes before it hold none.
    private var searchFrom = 0
    /// Whether the first delimiter has been seen (what comes before it is a preamble).
    private var started = false
    public private(set) var isFinished = false

    /// The parser for a response whose `Content-Type` is `contentType`; nil when that is not
    /// `multipart/mixed`. The boundary defaults to `-`, as servers of the proposal use.
    public init?(contentType: String) {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/mixed" else { return nil }
        var boundary = "-"
        for parameter in parameters.dropFirst() where parameter.lowercased().hasPrefix("boundary=") {
            boundary = String(parameter.dropFirst("boundary=".count)).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
        }
        delimiter = Array(("\n--" + boundary).utf8)
        // The body may begin with the delimiter itself, without a line end before it.
        buffer = [UInt8(ascii: "\n")]
    }

    /// Adds bytes; returns the bodies of the parts they complete.
    public mutating func append(_ bytes: Data) -> [Data] {
        guard !isFinished else { return [] }
        buffer.append(contentsOf: bytes)
        var parts: [Data] = []
        while let found = find(delimiter, from: max(searchFrom, partStart)) {
            let after = found + delimiter.count
            // `--` right after the boundary closes the body; otherwise the delimiter line ends at
            // the next line end. Until those bytes are here, wait for more (and search again from
            // this delimiter, not from the part's start).
            searchFrom = found
            guard buffer.count - after >= 2 else { break }
            let closes = buffer[after] == UInt8(ascii: "-") && buffer[after + 1] == UInt8(ascii: "-")
            let lineEnd = closes ? nil : buffer[after...].firstIndex(of: UInt8(ascii: "\n"))
            guard closes || lineEnd != nil else { break }
            if started, let body = Self.body(of: buffer[partStart..<found]) { parts.append(body) }
            started = true
            guard let lineEnd else {
                isFinished = true
                buffer = []
                return parts
            }
            partStart = lineEnd
            searchFrom = lineEnd
        }
        compact()
        return parts
    }

    /// The first `needle` at or after `start`, or nil; then `searchFrom` moves past every byte
    /// where it cannot start.
    private mutating func find(_ needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= buffer.count {
            if buffer[index] == needle[0], buffer[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        searchFrom = max(start, buffer.count - needle.count + 1)
        return nil
    }

    /// Drops the parts already returned, now and then.
    private mutating func compact() {
        guard partStart > 65536, partStart * 2 > buffer.count else { return }
        buffer.removeSubrange(0..<partStart)
        searchFrom -= partStart
        partStart = 0
    }

    /// A part's body: what follows its headers' empty line (or the whole part when it has no
    /// headers), without the line end before the next delimiter; nil when empty.
    private static func body(of part: ArraySlice<UInt8>) -> Data? {
        var content = part
        // The part starts on the line after its delimiter.
        if content.first == UInt8(ascii: "\n") { content = content.dropFirst() }
        if let first = content.first, first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
            for separator in ["\r\n\r\n", "\n\n"] {
                if let end = content.firstRange(of: Array(separator.utf8)) {
                    content = content[end.upperBound...]
                    break
                }
            }
            if content.starts(with: "\r\n".utf8) || content.starts(with: "\n".utf8) {
                content = content.drop { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
            }
        }
        while let last = content.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") || last == 0x20 {
            content = content.dropLast()
        }
        guard !content.isEmpty, !content.elementsEqual("{}".utf8) else { return nil }
        return Data(content)
    }
}
