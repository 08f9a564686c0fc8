import Foundation
import Relay
import TestSupport
import Testing

@testable import GoldenTodo

/// Model-based test of optimistic updates: thousands of seeded random schedules of mutations
/// (with and without optimistic responses) whose requests are answered, refused or failed in
/// random order, comparing what the store shows after every step with a reference model
/// simple enough to be obviously right:
///
/// - the server's state is the value of the last answer it gave, per to-do;
/// - what the store shows for a to-do is the value of the most recently committed optimistic
///   mutation still in flight for it, or else the server's state.
@MainActor
struct OptimisticModelTests {
    /// 1,000 schedules in a plain `swift test` (a few seconds); CI runs 10,000
    /// (`RELAY_MODEL_SCHEDULES=10000`).
    static let schedules = ProcessInfo.processInfo.environment["RELAY_MODEL_SCHEDULES"].flatMap { Int($0) } ?? 1_000
    static let todoIDs = ["todo-1", "todo-2", "todo-3"]

    /// A mutation the model knows is in flight.
    struct InFlight {
        let todo: String
        /// The optimistic value, when the mutation has one.
        let optimistic: Bool?
        let requested: Bool
        let task: Task<Void, Never>
    }

    @Test func optimisticUpdatesAgreeWithTheModelInEverySchedule() async throws {
        var steps = 0
        for seed in 0..<UInt64(Self.schedules) {
            steps += try await runSchedule(seed: seed)
        }
        #expect(steps > Self.schedules * 10)
    }

    /// Runs one schedule; returns its number of steps. An issue names the seed and the step.
    func runSchedule(seed: UInt64) async throws -> Int {
        var random = SeededRandom(seed: seed)
        let network = MockNetwork()
        let environment = Environment(network: network)
        // The initial list, as the server has it.
        let list =
            #"{"data": {"user": {"id": "me", "todos": {"edges": ["#
            + Self.todoIDs.map { #"{"node": {"id": "\#($0)", "text": "\#($0)", "complete": false}}"# }
            .joined(separator: ",") + "]}}}}"
        async let loaded = environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: list)
        _ = try await loaded
        var server = Dictionary(uniqueKeysWithValues: Self.todoIDs.map { ($0, false) })
        var inFlight: [InFlight] = []  // in the order the network received them
        let stepCount = Int.random(in: 8...24, using: &random)
        for step in 0..<stepCount {
            let action = Int.random(in: 0..<10, using: &random)
            if inFlight.isEmpty || action < 4 {
                // Commit a mutation, optimistic two times in three.
                let todo = Self.todoIDs.randomElement(using: &random) ?? "todo-1"
                let requested = Bool.random(using: &random)
                let optimistic: Bool? = Int.random(in: 0..<3, using: &random) < 2 ? requested : nil
                let mutation = ChangeTodoStatusMutation(input: .init(complete: requested, id: todo, userId: "me"))
                let task = Task { @MainActor in
                    if let value = optimistic {
                        _ = try? await environment.commitMutation(
                            mutation,
                            optimisticResponse: ["changeTodoStatus": ["todo": ["id": todo, "complete": value]]])
                    } else {
                        _ = try? await environment.commitMutation(mutation)
                    }
                }
                inFlight.append(InFlight(todo: todo, optimistic: optimistic, requested: requested, task: task))
                await network.waitForPending(inFlight.count)
            } else {
                // Answer one request, in any order: success (usually with the value asked for,
                // sometimes with the server deciding otherwise), a GraphQL error, or a failure.
                let index = Int.random(in: 0..<inFlight.count, using: &random)
                let mutation = inFlight.remove(at: index)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6:
                    let value = Int.random(in: 0..<5, using: &random) == 0 ? !mutation.requested : mutation.requested
                    await network.respond(
                        index, with: TodoEnvironmentTests.response(id: mutation.todo, complete: value))
                    server[mutation.todo] = value
                case 6..<8:
                    await network.respond(index, with: #"{"data": null, "errors": [{"message": "refused"}]}"#)
                default:
                    await network.fail(index)
                }
                await mutation.task.value
            }
            for todo in Self.todoIDs {
                let expected = inFlight.last { $0.todo == todo && $0.optimistic != nil }?.optimistic ?? server[todo]
                let shown = environment.lookup(ToDoItem_todo(key: TodoRecord(todo))).data?.complete
                guard shown == expected else {
                    Issue.record(
                        "seed \(seed), step \(step): \(todo) shows \(String(describing: shown)), model says \(String(describing: expected))"
                    )
                    return step + 1
                }
            }
        }
        // Answer whatever is left, so no task outlives the schedule.
        while !inFlight.isEmpty {
            let mutation = inFlight.removeFirst()
            await network.fail(0)
            await mutation.task.value
        }
        return stepCount
    }
}
