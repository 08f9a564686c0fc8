import Foundation

/// Type-checks generated Swift with the toolchain's compiler against the `Relay` module this
/// package builds, warnings as errors, so a generator cannot drift into code that does not
/// compile or that warns in users' builds.
enum SwiftTypeChecker {
    /// The compiler's errors, or nil when the toolchain or the built module cannot be found (the
    /// caller skips with a note).
    static func errors(in source: String, warningsAsErrors: Bool = true) throws -> String? {
        guard
            let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first(where: {
                FileManager.default.fileExists(atPath: $0)
            }), let modules = relayModuleDirectory()
        else { return nil }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("generated-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: url) }
        try source.write(to: url, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments =
            ["-typecheck", "-swift-version", "6"] + (warningsAsErrors ? ["-warnings-as-errors"] : [])
            + ["-I", modules.path, url.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : output
    }

    /// `Modules/` next to the test bundle (where SwiftPM puts `Relay.swiftmodule`).
    private static func relayModuleDirectory() -> URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Relay.swiftmodule").path) {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
