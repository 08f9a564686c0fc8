/// Wall-clock time per pipeline stage, for `--verbose` and for finding where a slow build goes.
public struct StageTimings: Sendable, CustomStringConvertible {
    public private(set) var stages: [(name: String, duration: Duration)] = []
    private var lastEnd = ContinuousClock.now

    public init() {}

    /// Records the time since the previous stage ended (or since creation) under `name`.
    public mutating func end(_ name: String) {
        let now = ContinuousClock.now
        stages.append((name, now - lastEnd))
        lastEnd = now
    }

    /// `schema 19 ms, extraction 41 ms, …`
    public var description: String {
        stages.map { "\($0.name) \(Self.milliseconds($0.duration)) ms" }.joined(separator: ", ")
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
