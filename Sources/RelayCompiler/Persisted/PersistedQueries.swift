@_spi(RelayGenerated) import RelayContract

/// How operations are persisted, as relay.config.json's `persistConfig` says: into a local
/// query map whose ids are the digest of each text (`{"file", "algorithm"}`, MD5 by default as
/// in Relay), or by POSTing each text to a server that answers with its id
/// (`{"url", "params", "headers", "concurrency"}`). The id is what an artifact's request carries
/// and what the runtime sends instead of the text when asked to.
public enum PersistedQueries: Equatable, Sendable {
    /// Ids are digests of the texts; the map goes to `file` (nil: no map, ids only).
    case local(file: String?, algorithm: PersistedQueryAlgorithm)
    /// Ids come from a persisting server.
    case remote(RemotePersisting)

    /// Without `persistConfig`: artifacts carry the SHA-256 of their text, which is also what
    /// automatic persisted queries send.
    public static let unconfigured = PersistedQueries.local(file: nil, algorithm: .sha256)

    /// The query map's path, when one is written.
    public var file: String? {
        if case .local(let file, _) = self { file } else { nil }
    }
}

/// Relay's digest algorithms for local persisting: the id is the lowercase hex digest of the
/// operation's exact text (its final newline included).
public enum PersistedQueryAlgorithm: String, Equatable, Sendable, CaseIterable {
    case md5 = "MD5"
    case sha1 = "SHA1"
    case sha256 = "SHA256"

    public func id(of text: String) -> String {
        let bytes = Array(text.utf8)
        switch self {
        case .md5: return Self.hex(MD5.digest(bytes))
        case .sha1: return Self.hex(SHA1.digest(bytes))
        case .sha256: return SHA256.hexDigest(bytes)
        }
    }

    static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(digest.count * 2)
        for byte in digest {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Relay's remote persisting: each operation's text is POSTed to `url` as
/// `application/x-www-form-urlencoded` (`params` first, then `text`), with `headers`, at most
/// `concurrency` at a time; the server answers `{"id": "…"}` (or `{"error": {"message": "…"}}`).
public struct RemotePersisting: Equatable, Sendable {
    public var url: String
    public var parameters: [(String, String)]
    public var headers: [(String, String)]
    public var concurrency: Int

    public init(
        url: String, parameters: [(String, String)] = [], headers: [(String, String)] = [], concurrency: Int = 32
    ) {
        self.url = url
        self.parameters = parameters
        self.headers = headers
        self.concurrency = concurrency
    }

    public static func == (lhs: RemotePersisting, rhs: RemotePersisting) -> Bool {
        lhs.url == rhs.url && lhs.parameters.elementsEqual(rhs.parameters, by: ==)
            && lhs.headers.elementsEqual(rhs.headers, by: ==) && lhs.concurrency == rhs.concurrency
    }

    /// What distinguishes this configuration in a cache key.
    var cacheKey: String {
        ([url, String(concurrency)] + parameters.map { "\($0.0)=\($0.1)" } + headers.map { "\($0.0):\($0.1)" })
            .joined(separator: "\n")
    }
}
