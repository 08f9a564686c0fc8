import Foundation

/// Queries sent and not answered yet, by operation and variables, so that identical fetches in
/// flight share one request and every caller gets its result (relay-runtime's `fetchQuery`
/// de-duplication). The request is cancelled when the last caller waiting for it is.
///
/// Guarded by an `NSLock`, not `Synchronization.Mutex`, whose contended path ThreadSanitizer does
/// not see on Linux (it then reports races on data the lock protects).
final class InFlightRequests: @unchecked Sendable {
    private struct Entry {
        let token: Int
        let task: Task<any Sendable, Error>
        var waiters: Int
    }

    private struct Table {
        var entries: [String: Entry] = [:]
        var nextToken = 0
    }

    private let lock = NSLock()
    private var table = Table()

    /// How many callers wait for a request now (for tests).
    var waitingCallers: Int {
        lock.withLock { table.entries.values.reduce(0) { $0 + $1.waiters } }
    }

    /// The result of the request `key` in flight, or of `start` run now as that request.
    func run<Result: Sendable>(_ key: String, _ start: @escaping @Sendable () async throws -> Result)
        async throws -> Result
    {
        let (token, task) = lock.withLock { () -> (Int, Task<any Sendable, Error>) in
            if var entry = table.entries[key] {
                entry.waiters += 1
                table.entries[key] = entry
                return (entry.token, entry.task)
            }
            let token = table.nextToken
            table.nextToken += 1
            let task = Task<any Sendable, Error> { [weak self] in
                defer { self?.finish(key, token: token) }
                return try await start()
            }
            table.entries[key] = Entry(token: token, task: task, waiters: 1)
            return (token, task)
        }
        return try await withTaskCancellationHandler {
            guard let result = try await task.value as? Result else {
                throw RelayError.invalidResponse("a shared request answered with another type")
            }
            return result
        } onCancel: {
            leave(key, token: token)
        }
    }

    /// One caller stopped waiting; the last one cancels the request.
    private func leave(_ key: String, token: Int) {
        let abandoned = lock.withLock { () -> Task<any Sendable, Error>? in
            guard var entry = table.entries[key], entry.token == token else { return nil }
            entry.waiters -= 1
            guard entry.waiters == 0 else {
                table.entries[key] = entry
                return nil
            }
            table.entries[key] = nil
            return entry.task
        }
        abandoned?.cancel()
    }

    private func finish(_ key: String, token: Int) {
        lock.withLock {
            if table.entries[key]?.token == token { table.entries[key] = nil }
        }
    }
}
