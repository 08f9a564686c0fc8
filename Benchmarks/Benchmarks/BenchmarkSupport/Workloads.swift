import Foundation

/// The benchmark inputs, read in place from `../shared/workloads` beside the checkout (or
/// `$RELAY_SWIFT_SHARED/workloads`); they come from public projects and are not copied here.
public enum Workloads {
    public static let directory: URL = {
        if let shared = ProcessInfo.processInfo.environment["RELAY_SWIFT_SHARED"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("workloads")
        }
        // <repo>/Benchmarks/Benchmarks/BenchmarkSupport/Workloads.swift → <repo>/../shared
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/workloads")
    }()

    /// The text of a workload file, or nil (with a note) when it is absent.
    public static func text(_ file: String) -> String? {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else {
            print("note: \(directory.path)/\(file) is absent; skipping the benchmarks that need it")
            return nil
        }
        return text
    }
}
