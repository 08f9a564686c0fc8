@_spi(RelayGenerated) import RelayContract

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
