import RelayCompiler
import Testing

/// Relay's persisted-query digests, written in the project: RFC 1321's MD5 test suite and FIPS
/// 180's SHA-1 vectors, inputs around the 55/56/64-byte padding boundaries and a million `a`s
/// checked against the system's md5sum and sha1sum.
struct PersistedQueryAlgorithmTests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
        (String(repeating: "x", count: 55), "04364420e25c512fd958a70738aa8f72"),
        (String(repeating: "x", count: 56), "668a72d5ba17f08e62dabcafad6db14b"),
        (String(repeating: "x", count: 64), "c1bb4f81d892b2d57947682aeb252456"),
        (String(repeating: "a", count: 1_000_000), "7707d6ae4e027c70eea2a935c2296f21"),
    ])
    func md5(input: String, digest: String) {
        #expect(PersistedQueryAlgorithm.md5.id(of: input) == digest)
    }

    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (String(repeating: "x", count: 55), "cef734ba81a024479e09eb5a75b6ddae62e6abf1"),
        (String(repeating: "x", count: 56), "901305367c259952f4e7af8323f480d59f81335b"),
        (String(repeating: "x", count: 64), "bb2fa3ee7afb9f54c6dfb5d021f14b1ffe40c163"),
        (String(repeating: "a", count: 1_000_000), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
    ])
    func sha1(input: String, digest: String) {
        #expect(PersistedQueryAlgorithm.sha1.id(of: input) == digest)
    }

    /// The id of an operation text is the digest of its exact bytes, final newline included.
    @Test func anOperationTextsIdIsTheDigestOfItsBytes() {
        let text = "query pageHomeQuery {\n  viewer {\n    ...BlogPosts_viewer\n  }\n}\n"
        #expect(PersistedQueryAlgorithm.md5.id(of: text) == "1cef1f301af5e2e99f9e538d3e89e184")
        #expect(PersistedQueryAlgorithm.md5.id(of: String(text.dropLast())) != "1cef1f301af5e2e99f9e538d3e89e184")
    }
}
