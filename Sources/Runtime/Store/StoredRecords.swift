import Foundation

/// The records of a storage that loads lazily (`Environment.RecordStorage.loadsLazily`), read
/// one at a time the first time the store looks an id up, and kept: a store opened on a large
/// file holds only what the app has read. The base `RecordSource` consults it for ids its own
/// records say nothing of, so reads, normalization and updaters see the file through it.
final class StoredRecords: @unchecked Sendable {
    /// What storage holds for an id.
    private enum Slot {
        case absent
        case deleted
        case record(Record)
    }

    private let load: @Sendable (DataID) -> Record??
    private let lock = NSLock()
    private var slots: [DataID: Slot] = [:]

    /// `load` reads one id: nil when not stored, `.some(nil)` when stored as deleted.
    init(load: @escaping @Sendable (DataID) -> Record??) {
        self.load = load
    }

    /// The stored record of `id` (`.some(nil)`: deleted; nil: storage has nothing).
    func slot(_ id: DataID) -> Record?? {
        lock.withLock {
            let slot: Slot
            if let known = slots[id] {
                slot = known
            } else {
                slot =
                    switch load(id) {
                    case .none: .absent
                    case .some(.none): .deleted
                    case .some(.some(let record)): .record(record)
                    }
                slots[id] = slot
            }
            switch slot {
            case .absent: return nil
            case .deleted: return .some(nil)
            case .record(let record): return record
            }
        }
    }

    /// Forgets what was read of `ids`: garbage collection removed them from the file too.
    func forget(_ ids: some Sequence<DataID>) {
        lock.withLock {
            for id in ids { slots[id] = .absent }
        }
    }

    /// How many ids have been looked up (for tests and benchmarks).
    var readCount: Int { lock.withLock { slots.count } }
}
