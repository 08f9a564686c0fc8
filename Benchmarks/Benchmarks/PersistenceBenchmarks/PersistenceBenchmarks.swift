import Benchmark
import Foundation
import Relay
import RelayPersistence
import Synchronization

/// The store in an SQLite file (`RelayPersistence`): what a write costs as the file grows — a
/// write of 10 changed records into a 10,000- and a 100,000-record store should cost the same,
/// as each write saves only what it changed — and what opening a 100,000-record store costs,
/// in time and resident memory, read whole or lazily (run each open benchmark alone, with
/// `--filter`, for its peak memory).
struct NoNetwork: Network {
    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        throw RelayError.transport("benchmarks write through updaters")
    }
}

/// A file of its own, with `count` records (`user-<n>`, each a few fields and a link to another),
/// written in writes of 1,000.
func filledStore(_ count: Int) -> (path: String, environment: Relay.Environment) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("relay-bench-\(UUID().uuidString).sqlite")
        .path
    let opened = SQLiteRecordStorage.open(path: path, schemaVersion: "bench")
    let environment = Relay.Environment(network: NoNetwork()) {
        $0.storage = opened.storage
    }
    for batch in stride(from: 0, to: count, by: 1_000) {
        environment.commitLocalUpdate { store in
            for index in batch..<min(batch + 1_000, count) {
                let user = store.create(dataID: DataID("user-\(index)"), typename: "User")
                user.setValue(.string("User \(index)"), "name")
                user.setValue(.int(index), "score")
                user.setValue(.string("Somewhere, street \(index)"), "address")
                user.setLinkedRecord(store.get(DataID("user-\(index / 2)")), "manager")
            }
        }
    }
    return (path, environment)
}

/// A file of 100,000 records written straight through the storage, so filling it does not
/// raise the process's peak memory.
func storedFile(_ count: Int) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("relay-bench-\(UUID().uuidString).sqlite")
        .path
    guard let storage = SQLiteRecordStorage.open(path: path, schemaVersion: "bench").storage else { return path }
    for batch in stride(from: 0, to: count, by: 1_000) {
        var changes = Relay.Environment.StoreChanges()
        for index in batch..<min(batch + 1_000, count) {
            let id = DataID("user-\(index)")
            changes.records[id] = Record(
                id: id, typename: "User",
                fields: [
                    "name": .scalar(.string("User \(index)")), "score": .scalar(.int(index)),
                    "address": .scalar(.string("Somewhere, street \(index)")),
                    "manager": .link(DataID("user-\(index / 2)")),
                ])
        }
        changes.epoch = batch / 1_000 + 1
        try? storage.save(changes)
    }
    return path
}

/// Counts writes across samples, so that every write changes what it writes.
let changeCount = Atomic(0)

func removeStore(at path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 500)

    for size in [10_000, 100_000] {
        Benchmark("Persistent store: a write of 10 changed records into \(size) records") { benchmark in
            let (path, environment) = filledStore(size)
            defer { removeStore(at: path) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let change = changeCount.add(1, ordering: .relaxed).newValue
                environment.commitLocalUpdate { store in
                    for offset in 0..<10 {
                        store.get(DataID("user-\((change * 10 + offset) % size)"))?.setValue(.int(change), "score")
                    }
                }
            }
            benchmark.stopMeasurement()
        }
    }

    for lazily in [false, true] {
        Benchmark(
            "Persistent store: open a 100000-record store \(lazily ? "lazily" : "(read whole)") and read 100 records",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(10), maxIterations: 5)
        ) { benchmark in
            let path = storedFile(100_000)
            defer { removeStore(at: path) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let opened = SQLiteRecordStorage.open(path: path, schemaVersion: "bench", loadsLazily: lazily)
                let environment = Relay.Environment(network: NoNetwork()) {
                    $0.storage = opened.storage
                }
                for index in 0..<100 { blackHole(environment.records[DataID("user-\(index * 997)")]?["score"]) }
            }
            benchmark.stopMeasurement()
        }
    }
}
