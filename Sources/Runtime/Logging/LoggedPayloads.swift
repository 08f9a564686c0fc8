import Foundation

extension AsyncThrowingStream<Data, any Error> {
    /// The network's payloads, each logged as it arrives, then their end or failure.
    func logged(to log: EventLog, executeID: Int) -> LoggedPayloads {
        LoggedPayloads(payloads: self, log: log, executeID: executeID)
    }
}

/// A network's payloads that tell the log of each one (`network.next`), and of their end
/// (`network.complete`) or failure (`network.error`).
struct LoggedPayloads: AsyncSequence {
    typealias Element = Data

    let payloads: AsyncThrowingStream<Data, any Error>
    let log: EventLog
    let executeID: Int

    func makeAsyncIterator() -> Iterator {
        Iterator(base: payloads.makeAsyncIterator(), log: log, executeID: executeID)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let log: EventLog
        let executeID: Int

        mutating func next() async throws -> Data? {
            do {
                guard let bytes = try await base.next() else {
                    log(.networkComplete(executeID: executeID))
                    return nil
                }
                log(.networkNext(executeID: executeID, byteCount: bytes.count))
                return bytes
            } catch {
                log(.networkError(executeID: executeID, error: error))
                throw error
            }
        }
    }
}
