import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `map` spread over the machine's cores, results in the original order. `transform` is
    /// `@Sendable`, so the compiler checks that it only reads shared state (the schema, the
    /// program): the order in which work runs cannot change the output.
    ///
    /// Each thread gets at least `minimumChunkSize` elements: for small elements (a literal to
    /// parse), handing one to another thread costs more than doing it, so few run serially.
    func concurrentMap<Result>(minimumChunkSize: Int = 1, _ transform: @Sendable (Element) -> Result) -> [Result] {
        let chunkCount = Swift.min(
            count / Swift.max(1, minimumChunkSize), processorCount * 4)
        guard chunkCount > 1 else { return map(transform) }
        let chunkSize = (count + chunkCount - 1) / chunkCount
        let chunks = ChunkResults<Result>(count: chunkCount)
        withoutActuallyEscaping(transform) { transform in
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                // With rounded-up chunks the last ones may start past the end (9 elements in 8
                // chunks of 2): those have nothing to do.
                let start = chunk * chunkSize
                guard start < count else { return }
                chunks.store(self[start..<Swift.min(count, start + chunkSize)].map(transform), at: chunk)
            }
        }
        return chunks.joined()
    }
}

/// The cores to spread work over, asked once: on Linux each question reads the affinity mask.
private let processorCount = ProcessInfo.processInfo.activeProcessorCount

/// The per-chunk results of `concurrentMap`, each stored once under a lock.
private final class ChunkResults<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [[Result]]

    init(count: Int) { chunks = Array(repeating: [], count: count) }

    func store(_ results: [Result], at index: Int) {
        lock.withLock { chunks[index] = results }
    }

    func joined() -> [Result] { lock.withLock { chunks.flatMap { $0 } } }
}
