import Foundation
import Testing

/// A resolver model's field resolvers take the model's value, and the Swift compiler holds them
/// to it: the golden `resolvers` case with its sources type-checks (`GoldenTests`), and fails to
/// when a field of the strong `Planet` model (whose value is what `planet(_:)` returns) or of the
/// weak `Badge` model takes another type.
struct ResolverModelTypeTests {
    static func typeCheck(replacing original: String, with replacement: String) throws -> String? {
        let generated = try GoldenTests.compile("resolvers")
        let sources = GoldenTests.root.appendingPathComponent("resolvers/Sources")
        var files = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().filter {
            $0.hasSuffix(".swift")
        }
        .map { try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8) }
        let edited = files.firstIndex { $0.contains(original) }
        #expect(edited != nil, "no source has \(original)")
        if let edited { files[edited] = files[edited].replacingOccurrences(of: original, with: replacement) }
        let source = (files + generated.keys.sorted().compactMap { generated[$0] }).joined(separator: "\n")
        return try SwiftTypeChecker.errors(in: source)
    }

    /// A field of the strong model taking the weak model's type, and the other way round: each
    /// an error at the function the generated code passes.
    @Test(arguments: [
        ("func moonCount(_ planet: PlanetModel) -> Int", "func moonCount(_ planet: Badge) -> Int", "moonCount"),
        ("func badgeLevel(_ badge: Badge) -> Int", "func badgeLevel(_ badge: PlanetModel) -> Int", "badgeLevel"),
    ])
    func aModelsFieldTakingAnotherTypeDoesNotCompile(original: String, replacement: String, function: String) throws {
        guard let errors = try Self.typeCheck(replacing: original, with: replacement) else {
            return print("note: swiftc or the built Relay module not found; skipping")
        }
        #expect(errors.contains(function), "\(errors)")
    }
}
