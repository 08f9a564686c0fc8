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
