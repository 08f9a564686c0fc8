import Benchmark
import Foundation
import RelayCompiler

/// Reading a `relay.json` of 16,000 and of 128,000 `customScalarTypes` keys: eight times the
/// keys should cost about eight times the time (a duplicate-key check by search made it
/// quadratic: about sixty times).
func configurationBenchmarks() {
    for keys in [16_000, 128_000] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-json-\(keys)-\(UUID())")
        let path = folder.appendingPathComponent("relay.json").path
        let scalars = (0..<keys).map { #""Scalar\#($0)": "String""# }.joined(separator: ",\n    ")
        let text =
            "{\n  \"src\": \"Sources\",\n  \"schema\": \"schema.graphql\",\n  \"customScalarTypes\": {\n    \(scalars)\n  }\n}\n"
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
        Benchmark(
            "relay.json with \(keys) customScalarTypes keys (load)",
            configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxIterations: 50)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                guard case .success(let configuration) = CompilerConfiguration.load(path: path),
                    configuration.customScalars.count == keys
                else { fatalError("relay.json did not load") }
                blackHole(configuration)
            }
        }
    }
}
