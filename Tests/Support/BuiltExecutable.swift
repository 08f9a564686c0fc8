import Foundation

/// An executable of the package, built beside the test bundle by `swift build --build-tests`
/// (the kill tests run such processes and stop them).
public enum BuiltExecutable {
    /// Its URL, or nil when it was not built.
    public static func named(_ name: String) -> URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
