import Benchmark
import Foundation
import Relay
import RelayPersistence
import Synchronization

/// A server that holds every mutation until the benchmark answers them all, so that the given
/// number of optimistic mutations are in flight together.
final class HeldMutations: Network, Sendable {
    private let held = Mutex<[(continuation: CheckedContinuation<Data, Error>, answer: Data)]>([])

    var count: Int { held.withLock { $0.count } }

    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        guard case .object(let input)? = variables["input"], case .string(let id)? = input["id"] else {
            throw RelayError.transport("the benchmark sends RemoveTodoEdgeMutation only")
        }
        let answer = Data(#"{"data": {"removeTodo": {"deletedTodoId": "\#(id)"}}}"#.utf8)
        return try await withCheckedThrowingContinuation { continuation in
            held.withLock { $0.append((continuation, answer)) }
        }
    }

    /// Answers every held mutation, in the order they came.
    func answerAll() {
        let continuations = held.withLock { held in
            defer { held = [] }
            return held
        }
        for held in continuations { held.continuation.resume(returning: held.answer) }
    }
}

/// `count` mutations with optimistic responses in flight at once, each on records of its own
/// (`RemoveTodoEdgeMutation` on `todo-<n>`, no connections), then answered: what the layers
/// cost as their number doubles. Relay re-applies every layer on every publish (quadratic);
/// relay-swift re-applies only the layers a change reaches, so this should grow linearly.
/// `optimistic: false` is the same run without optimistic responses: what the mutations cost
/// without layers, the peer the layers' growth is read against.
func optimisticLayersBenchmark(inFlight count: Int, optimistic: Bool = true) {
    Benchmark(
        "\(optimistic ? "Optimistic mutations" : "Mutations, no optimistic response"): \(count) in flight on "
            + "separate records, committed and answered",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .mallocCountTotal], scalingFactor: .one, maxIterations: 20)
    ) { benchmark in
        let network = HeldMutations()
        let environment = Relay.Environment(network: network)
        benchmark.startMeasurement()
        let done = Atomic(0)
        for index in 0..<count {
            let id = "todo-\(index)"
            environment.commitMutation(
                RemoveTodoEdgeMutation(input: RemoveTodoInput(id: id, userId: "me"), connections: []),
                optimisticResponse: optimistic ? ["removeTodo": ["deletedTodoId": id]] : nil
            ) { _ in done.add(1, ordering: .relaxed) }
        }
        while network.count < count { await Task.yield() }
        network.answerAll()
        while done.load(ordering: .relaxed) < count { await Task.yield() }
        benchmark.stopMeasurement()
    }
}

/// What saving a listed offline mutation costs its commit: `commitMutation` returns once the
/// optimistic response is shown and the mutation is saved (one SQLite transaction on the
/// committing thread), against the same commits with the queue in memory. 1,000 commits a
/// sample; the server holds them all.
func offlineCommitBenchmark(savedToSQLite: Bool) {
    Benchmark(
        "Offline mutations: 1,000 commits, queue \(savedToSQLite ? "saved in SQLite" : "in memory")",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .mallocCountTotal], scalingFactor: .one, maxIterations: 20)
    ) { benchmark in
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("relay-offline-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let storage = savedToSQLite ? SQLiteRecordStorage.open(path: path, schemaVersion: "bench").storage : nil
        let environment = Relay.Environment(network: HeldMutations()) {
            $0.offlineMutations = Relay.Environment.OfflineMutations(
                queueing: [RemoveTodoEdgeMutation.self], storage: storage)
        }
        benchmark.startMeasurement()
        for index in 0..<1_000 {
            let id = "todo-\(index)"
            environment.commitMutation(
                RemoveTodoEdgeMutation(input: RemoveTodoInput(id: id, userId: "me"), connections: []),
                optimisticResponse: ["removeTodo": ["deletedTodoId": id]]
            ) { _ in }
        }
        benchmark.stopMeasurement()
        blackHole(environment)
    }
}
