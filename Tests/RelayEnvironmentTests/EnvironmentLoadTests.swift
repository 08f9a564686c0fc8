import Foundation
import Relay
import TestSupport
import Testing

@testable import GoldenTodo

/// Many tasks using one environment at once — queries, optimistic mutations that succeed or
/// fail, reads, subscriptions, retains and garbage collection — against a server whose answers
/// arrive after random delays, so out of order. Run under the thread sanitizer by CI. Afterwards
/// no optimistic layer is left: a final network fetch makes the store equal the server's state.
struct EnvironmentLoadTests {
    static let todoIDs = (1...8).map { "todo-\($0)" }

    /// The server: applies each mutation when it receives it, fails a share of them, and answers
    /// after a random delay of up to a millisecond.
    actor LoadServer {
        private var complete: [String: Bool] = Dictionary(uniqueKeysWithValues: todoIDs.map { ($0, false) })
        private var random = SeededRandom(seed: 2026)
        private(set) var mutationsApplied = 0
        private(set) var mutationsFailed = 0

        /// What to answer and how long to wait first; the state changes here, atomically.
        func handle(_ name: String, _ variables: VariableData) -> (delay: UInt64, answer: Result<String, RelayError>) {
            let delay = UInt64.random(in: 0...1_000_000, using: &random)
            switch name {
            case "ChangeTodoStatusMutation":
                guard case .object(let input)? = variables["input"], case .string(let id)? = input["id"],
                    case .bool(let value)? = input["complete"]
                else { return (delay, .failure(.transport("bad variables"))) }
                if Int.random(in: 0..<5, using: &random) == 0 {
                    mutationsFailed += 1
                    return (delay, .failure(.transport("connection reset")))
                }
                complete[id] = value
                mutationsApplied += 1
                return (
                    delay,
                    .success(TodoEnvironmentTests.response(id: id, complete: value))
                )
            default:
                let edges = complete.keys.sorted().map { id in
                    #"{"node": {"id": "\#(id)", "text": "\#(id)", "complete": \#(complete[id] ?? false)}}"#
                }
                return (
                    delay,
                    .success(
                        #"{"data": {"user": {"id": "me", "todos": {"edges": [\#(edges.joined(separator: ","))]}}}}"#)
                )
            }
        }

        var state: [String: Bool] { complete }
    }

    /// What each subscriber saw last, by to-do id. An `NSLock`, which ThreadSanitizer sees on
    /// Linux (`Synchronization.Mutex`'s contended path it does not).
    final class LastSeen: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [String: Bool] = [:]

        var values: [String: Bool] { lock.withLock { seen } }

        func record(_ id: String, _ complete: Bool?) { lock.withLock { seen[id] = complete } }
    }

    struct DelayedNetwork: Network {
        let server: LoadServer

        func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
            let (delay, answer) = await server.handle(request.name, variables)
            try await Task.sleep(nanoseconds: delay)
            return Data(try answer.get().utf8)
        }
    }

    @Test func manyTasksShareOneEnvironmentAndNoOptimisticLayerIsLeft() async throws {
        let server = LoadServer()
        let environment = Environment(network: DelayedNetwork(server: server))
        _ = try await environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .networkOnly)
        let taskCount = 16
        let stepsPerTask = 60
        // Subscribers read every change while the load runs, and keep the last they got.
        let lastSeen = LastSeen()
        let watchers = Self.todoIDs.prefix(2).map { id in
            Task {
                var updates = 0
                for await snapshot in environment.subscribe(ToDoItem_todo(key: TodoRecord(id))) {
                    lastSeen.record(id, snapshot.data?.complete)
                    updates += 1
                }
                return updates
            }
        }
        let failures = await withTaskGroup(of: Int.self) { group in
            for task in 0..<taskCount {
                group.addTask {
                    var random = SeededRandom(seed: UInt64(task))
                    var failed = 0
                    for _ in 0..<stepsPerTask {
                        let id = Self.todoIDs.randomElement(using: &random) ?? "todo-1"
                        switch Int.random(in: 0..<10, using: &random) {
                        case 0..<5:
                            let value = Bool.random(using: &random)
                            do {
                                _ = try await environment.commitMutation(
                                    ChangeTodoStatusMutation(input: .init(complete: value, id: id, userId: "me")),
                                    optimisticResponse: ["changeTodoStatus": ["todo": ["id": id, "complete": value]]])
                            } catch {
                                failed += 1
                            }
                        case 5..<7:
                            _ = try? await environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .networkOnly)
                        case 7:
                            let retained = environment.retain(CurrentUserToDoListQuery())
                            _ = environment.collectGarbage()
                            retained.dispose()
                        default:
                            _ = environment.lookup(ToDoItem_todo(key: TodoRecord(id))).data?.complete
                            _ = environment.lookup(CurrentUserToDoListQuery()).data?.user?.id
                        }
                    }
                    return failed
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == (await server.mutationsFailed))
        #expect((await server.mutationsApplied) > 0 && failures > 0, "the load mixes successes and failures")
        // Nothing optimistic is left: the server's answer is what the store shows.
        let retained = environment.retain(CurrentUserToDoListQuery())
        defer { retained.dispose() }
        _ = try await environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .networkOnly)
        let serverState = await server.state
        for id in Self.todoIDs {
            #expect(environment.lookup(ToDoItem_todo(key: TodoRecord(id))).data?.complete == serverState[id], "\(id)")
        }
        // Notifications come in order: each subscriber's last snapshot is the final state.
        let watched = Dictionary(uniqueKeysWithValues: Self.todoIDs.prefix(2).map { ($0, serverState[$0]) })
        for _ in 0..<3_000 where lastSeen.values != watched {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(lastSeen.values == watched)
        for watcher in watchers { watcher.cancel() }
        for watcher in watchers { #expect(await watcher.value > 0) }
    }
}
