import Foundation

/// Splits a `multipart/mixed` body into its parts' bodies as the bytes arrive (GraphQL over
/// HTTP's incremental delivery: each part is one JSON payload). Parts are delimited by
/// `--<boundary>` lines; a part's headers end at its first empty line; `--<boundary>--` ends
/// the body. Line ends may be CRLF or LF. Empty parts and `{}` (a heartbeat some servers send)
/// are skipped.
struct MultipartMixedParser {
    private let delimiter: Data
    private var buffer = Data()
    /// Whether the first delimiter has been seen (what comes before it is a preamble).
    private var started = false
    private(set) var isFinished = false

    /// The parser for a response whose `Content-Type` is `contentType`; nil when that is not
    /// `multipart/mixed`. The boundary defaults to `-`, as servers of the proposal use.
    init?(contentType: String) {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/mixed" else { return nil }
        var boundary = "-"
        for parameter in parameters.dropFirst() where parameter.lowercased().hasPrefix("boundary=") {
            boundary = String(parameter.dropFirst("boundary=".count)).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
        }
        delimiter = Data(("\n--" + boundary).utf8)
        // The body may begin with the delimiter itself, without a line end before it.
        buffer = Data("\n".utf8)
    }

    /// Adds bytes; returns the bodies of the parts they complete.
    mutating func append(_ bytes: Data) -> [Data] {
        guard !isFinished else { return [] }
        buffer.append(bytes)
        var parts: [Data] = []
        while let range = buffer.range(of: delimiter) {
            let after = buffer[range.upperBound...]
            // `--` right after the boundary closes the body; otherwise the delimiter line ends at
            // the next line end. Until those bytes are here, wait for more.
            guard after.count >= 2 else { break }
            let closes = after.starts(with: Data("--".utf8))
            let lineEnd = after.firstIndex(of: UInt8(ascii: "\n"))
            guard closes || lineEnd != nil else { break }
            if started, let body = Self.body(of: Data(buffer[buffer.startIndex..<range.lowerBound])) {
                parts.append(body)
            }
            started = true
            guard !closes, let lineEnd else {
                isFinished = true
                buffer = Data()
                return parts
            }
            buffer = Data(buffer[lineEnd...])
        }
        return parts
    }

    /// A part's body: what follows its headers' empty line (or the whole part when it has no
    /// headers), without the line end before the next delimiter; nil when empty.
    private static func body(of part: Data) -> Data? {
        var content = part
        // The part starts on the line after its delimiter.
        if content.first == UInt8(ascii: "\n") { content = content.dropFirst() }
        if let first = content.first, first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
            for separator in ["\r\n\r\n", "\n\n"] {
                if let end = content.range(of: Data(separator.utf8)) {
                    content = content[end.upperBound...]
                    break
                }
            }
            if content.starts(with: Data("\r\n".utf8)) || content.starts(with: Data("\n".utf8)) {
                content = content.drop { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
            }
        }
        while let last = content.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") || last == 0x20 {
            content = content.dropLast()
        }
        let body = Data(content)
        return body.isEmpty || body == Data("{}".utf8) ? nil : body
    }
}
