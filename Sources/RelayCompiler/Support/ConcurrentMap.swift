import Dispatch
import Foundation

extension Array {
    /// `map` spread over the machine's cores, results in the original order. The stages that use
    /// it work on one definition at a time and share only immutable inputs (the schema and the
    /// program), so the order of work cannot change the output.
    func concurrentMap<Result>(_ transform: (Element) -> Result) -> [Result] {
        let chunkCount = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard chunkCount > 1 else { return map(transform) }
        let chunkSize = (count + chunkCount - 1) / chunkCount
        let chunks = ChunkResults<Result>(count: chunkCount)
        withoutActuallyEscaping(transform) { transform in
            let work = UncheckedSendable(value: (self, transform))
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                let (elements, transform) = work.value
                let range = chunk * chunkSize..<Swift.min(elements.count, (chunk + 1) * chunkSize)
                guard !range.isEmpty else { return }
                chunks.store(elements[range].map(transform), at: chunk)
            }
        }
        return chunks.joined()
    }
}

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

/// Carries a value the compiler cannot prove `Sendable` into `concurrentPerform`; only
/// `concurrentMap` uses it, for inputs that are read and never mutated.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
