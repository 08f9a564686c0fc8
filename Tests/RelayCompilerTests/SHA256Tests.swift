import RelayCompiler
import Testing

/// FIPS 180-4 test vectors, plus inputs around the 55/56/64-byte padding boundaries checked
/// against the system's sha256sum.
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func vectors(input: String, digest: String) {
        #expect(SHA256.hexDigest(input) == digest)
    }

    @Test func millionAs() {
        var hasher = SHA256()
        for _ in 0..<1_000 { hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: 1_000)) }
        let hex = hasher.finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func paddingBoundaries() {
        #expect(SHA256.hexDigest(String(repeating: "x", count: 55)) == Self.expected55)
        #expect(SHA256.hexDigest(String(repeating: "x", count: 56)) == Self.expected56)
        #expect(SHA256.hexDigest(String(repeating: "x", count: 64)) == Self.expected64)
    }

    static let expected55 = "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"
    static let expected56 = "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"
    static let expected64 = "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"
}
