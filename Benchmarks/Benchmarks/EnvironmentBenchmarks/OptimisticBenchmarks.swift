import Benchmark
import Foundation
import Relay
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
func optimisticLayersBenchmark(inFlight count: Int) {
    Benchmark(
        "Optimistic mutations: \(count) in flight on separate records, committed and answered",
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
                optimisticResponse: ["removeTodo": ["deletedTodoId": id]]
            ) { _ in done.add(1, ordering: .relaxed) }
        }
        while network.count < count { await Task.yield() }
        network.answerAll()
        while done.load(ordering: .relaxed) < count { await Task.yield() }
        benchmark.stopMeasurement()
    }
}
