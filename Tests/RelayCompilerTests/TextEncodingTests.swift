import Foundation
import GraphQLParser
import RelayCompiler
import Testing

/// Every file relay-swift reads is UTF-8: a UTF-8 byte order mark is skipped (relay.json, Swift
/// sources, schemas), and UTF-16, UTF-32 or Latin-1 text is one error saying which, at the first
/// byte that is not UTF-8, rather than a run of misleading syntax errors.
struct TextEncodingTests {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("encoding-\(UUID().uuidString)")

    static func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func utf16(_ text: String, byteOrderMark: Bool = true) -> [UInt8] {
        (byteOrderMark ? [0xFF, 0xFE] : []) + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    @Test func relayJSONWithAByteOrderMarkIsRead() throws {
        let path = try Self.write("bom-relay.json", TextEncoding.byteOrderMark + Array(#"{"src": "App"}"#.utf8))
        let configuration = try CompilerConfiguration.load(path: path).get()
        #expect(configuration.sourceDirectories == [Self.folder.appendingPathComponent("App").path])
    }

    @Test func relayJSONInUTF16OrLatin1IsOneErrorSayingSo() throws {
        let utf16 = try Self.write("utf16-relay.json", Self.utf16(#"{"src": "App"}"#))
        guard case .failure(let error) = CompilerConfiguration.load(path: utf16) else {
            Issue.record("a UTF-16 relay.json was read")
            return
        }
        #expect(error.message.hasPrefix("the file is UTF-16"))
        #expect(error.location == SourceLocation(file: utf16, line: 1, column: 1))

        let latin1 = try Self.write(
            "latin1-relay.json", Array("{\n  \"src\": \"Caf".utf8) + [0xE9] + Array("\"\n}".utf8))
        guard case .failure(let latin) = CompilerConfiguration.load(path: latin1) else {
            Issue.record("a Latin-1 relay.json was read")
            return
        }
        #expect(latin.message.hasPrefix("the file is not UTF-8: byte 0xE9"))
        #expect(latin.location == SourceLocation(file: latin1, line: 2, column: 14))
    }

    @Test func sourcesAndSchemasInOtherEncodingsAreOneErrorEachAndABOMIsSkipped() throws {
        let schema = try Self.write("schema.graphql", TextEncoding.byteOrderMark + Array("type Query { a: Int }".utf8))
        let bom = try Self.write(
            "Bom.swift", TextEncoding.byteOrderMark + Array(#"let q = graphql("query BomQuery { a }")"#.utf8))
        var configuration = CompilerConfiguration()
        configuration.schemaFiles = [schema]
        configuration.sourceFiles = [bom]
        configuration.artifactDirectory = Self.folder.appendingPathComponent("out").path
        var pipeline = Pipeline(configuration: configuration)
        pipeline.swiftFiles = [bom]
        #expect(pipeline.run().diagnostics.isEmpty, "a byte order mark is skipped")

        let utf16 = try Self.write(
            "Wide.swift", Self.utf16(#"let q = graphql("query WideQuery { a }")"#, byteOrderMark: false))
        let latin1 = try Self.write(
            "Latin.swift", Array("// caf".utf8) + [0xE9] + Array("\nlet q = graphql(\"query LatinQuery { a }\")\n".utf8)
        )
        pipeline.swiftFiles = [bom, latin1, utf16]
        let messages = pipeline.run().diagnostics.map(\.description)
        #expect(
            messages == [
                "\(latin1):1:7: error: the file is not UTF-8: byte 0xE9 here does not begin a UTF-8 character "
                    + "(Latin-1 or Windows-1252 text?); relay-swift reads UTF-8 files: save it as UTF-8",
                "\(utf16):1:1: error: the file looks like UTF-16 without a byte order mark (it has NUL bytes); "
                    + "relay-swift reads UTF-8 files: save it as UTF-8",
            ])
    }

    @Test func utf8IsCheckedByTheRulesOfRFC3629() {
        #expect(TextEncoding.problem(in: Array("naïve ✓ 𝄞".utf8), file: "f") == nil)
        for invalid: [UInt8] in [
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
        ] {
            #expect(TextEncoding.problem(in: [0x61] + invalid, file: "f") != nil, "\(invalid)")
        }
    }
}
