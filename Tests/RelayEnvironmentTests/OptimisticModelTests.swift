import Foundation
import Relay
import TestSupport
import Testing

@testable import GoldenTodo

/// Model-based test of optimistic updates, with pagination mixed in: thousands of seeded random
/// schedules of mutations (with optimistic responses, with optimistic updaters assigning a typed
/// `@updatable` fragment, and with neither) and `loadNext` pages of the
/// to-do list, whose requests are answered, refused or failed in random order, comparing what
/// the store shows after every step with a reference model simple enough to be obviously right:
///
/// - the server's state is the value of the last answer it gave, per to-do; a page carries the
///   server's state of its to-dos when it is answered;
/// - what the store shows for a to-do is the value of the most recently committed optimistic
///   mutation still in flight for it, or else the server's state;
/// - the paged list shows the to-dos of the pages answered so far, in order, each once.
@MainActor
struct OptimisticModelTests {
    /// 1,000 schedules in a plain `swift test` (a few seconds); CI runs 10,000
    /// (`RELAY_MODEL_SCHEDULES=10000`).
    static let schedules = ProcessInfo.processInfo.environment["RELAY_MODEL_SCHEDULES"].flatMap { Int($0) } ?? 1_000
    /// The to-dos the first list shows; the paged list reaches the rest.
    static let listedIDs = ["todo-1", "todo-2", "todo-3"]
    static let serverIDs = (1...7).map { "todo-\($0)" }
    static let pageSize = 2

    /// A request the model knows is in flight.
    struct InFlight {
        enum Kind {
            /// A mutation of `todo`, with its optimistic value when it has one.
            case mutation(todo: String, optimistic: Bool?, requested: Bool)
            /// `loadNext` of the to-dos from `start` (an index into `serverIDs`).
            case page(start: Int)
        }

        let kind: Kind
        let task: Task<Void, Never>

        var optimisticValue: (todo: String, value: Bool)? {
            guard case .mutation(let todo, let optimistic?, _) = kind else { return nil }
            return (todo, optimistic)
        }
    }

    @Test func optimisticUpdatesAgreeWithTheModelInEverySchedule() async throws {
        var steps = 0
        var pagesLoaded = 0
        for seed in 0..<UInt64(Self.schedules) {
            let (scheduleSteps, pages) = try await runSchedule(seed: seed)
            steps += scheduleSteps
            pagesLoaded += pages
        }
        #expect(steps > Self.schedules * 10)
        // Pagination really happened in the schedules.
        #expect(pagesLoaded > Self.schedules / 2)
    }

    /// A page of the to-do list from `start`, each to-do with its server state.
    static func page(from start: Int, server: [String: Bool], root: String) -> String {
        let ids = serverIDs[start..<min(start + pageSize, serverIDs.count)]
        let edges = ids.enumerated().map { offset, id in
            #"{"cursor": "c\#(start + offset)", "node": {"__typename": "Todo", "id": "\#(id)", "text": "\#(id)", "complete": \#(server[id] ?? false)}}"#
        }
        let hasNext = start + pageSize < serverIDs.count
        return
            #"{"data": {"\#(root)": {"__typename": "User", "id": "me", "todos": {"edges": [\#(edges.joined(separator: ","))], "pageInfo": {"hasNextPage": \#(hasNext), "endCursor": "c\#(start + ids.count - 1)"}}}}}"#
    }

    /// Runs one schedule; returns its number of steps and of pages loaded. An issue names the
    /// seed and the step.
    func runSchedule(seed: UInt64) async throws -> (steps: Int, pages: Int) {
        var random = SeededRandom(seed: seed)
        let network = MockNetwork()
        let environment = Environment(network: network)
        var server = Dictionary(uniqueKeysWithValues: Self.serverIDs.map { ($0, false) })
        // The initial list and the paged list's first page, as the server has them.
        let list =
            #"{"data": {"user": {"id": "me", "todos": {"edges": ["#
            + Self.listedIDs.map { #"{"node": {"id": "\#($0)", "text": "\#($0)", "complete": false}}"# }
            .joined(separator: ",") + "]}}}}"
        async let loaded = environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: list)
        _ = try await loaded
        async let paged = environment.fetchQuery(ToDoPagesQuery(), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: Self.page(from: 0, server: server, root: "user"))
        let feed = ToDoPages_user(key: try #require(try await paged.user))
        var pagedCount = Self.pageSize  // to-dos the paged list shows
        var known = Set(Self.listedIDs).union(Self.serverIDs.prefix(Self.pageSize))
        var pages = 0
        var inFlight: [InFlight] = []  // in the order the network received them
        let stepCount = Int.random(in: 8...24, using: &random)
        for step in 0..<stepCount {
            let action = Int.random(in: 0..<10, using: &random)
            let pageInFlight = inFlight.contains { if case .page = $0.kind { true } else { false } }
            if action >= 8, !pageInFlight, environment.connectionState(of: feed).hasNext {
                // Load the next page.
                let task = Task { @MainActor in
                    _ = try? await environment.loadMore(feed, .forward, count: Self.pageSize)
                }
                inFlight.append(InFlight(kind: .page(start: pagedCount), task: task))
                await network.waitForPending(inFlight.count)
            } else if inFlight.isEmpty || action < 4 {
                // Commit a mutation of a to-do the store knows, optimistic two times in three:
                // by an optimistic response, or by an optimistic updater assigning the typed
                // updatable fragment's `complete`.
                let todo = known.sorted().randomElement(using: &random) ?? "todo-1"
                let requested = Bool.random(using: &random)
                let optimistic: Bool? = Int.random(in: 0..<3, using: &random) < 2 ? requested : nil
                let byUpdater = Bool.random(using: &random)
                let mutation = ChangeTodoStatusMutation(input: .init(complete: requested, id: todo, userId: "me"))
                let task = Task { @MainActor in
                    if let value = optimistic, byUpdater {
                        _ = try? await environment.commitMutation(
                            mutation,
                            optimisticUpdater: { store, _ in
                                store.readUpdatableFragment(ToDoEdit_todo(key: TodoRecord(todo)))?.complete = value
                            })
                    } else if let value = optimistic {
                        _ = try? await environment.commitMutation(
                            mutation,
                            optimisticResponse: ["changeTodoStatus": ["todo": ["id": todo, "complete": value]]])
                    } else {
                        _ = try? await environment.commitMutation(mutation)
                    }
                }
                inFlight.append(
                    InFlight(kind: .mutation(todo: todo, optimistic: optimistic, requested: requested), task: task))
                await network.waitForPending(inFlight.count)
            } else {
                // Answer one request, in any order: success (a mutation usually with the value
                // asked for, sometimes with the server deciding otherwise), a GraphQL error, or a
                // failure.
                let index = Int.random(in: 0..<inFlight.count, using: &random)
                let request = inFlight.remove(at: index)
                let outcome = Int.random(in: 0..<10, using: &random)
                switch (request.kind, outcome) {
                case (.mutation(let todo, _, let requested), 0..<6):
                    let value = Int.random(in: 0..<5, using: &random) == 0 ? !requested : requested
                    await network.respond(index, with: TodoEnvironmentTests.response(id: todo, complete: value))
                    server[todo] = value
                case (.page(let start), 0..<7):
                    await network.respond(index, with: Self.page(from: start, server: server, root: "node"))
                    let added = Self.serverIDs[start..<min(start + Self.pageSize, Self.serverIDs.count)]
                    known.formUnion(added)
                    pagedCount += added.count
                    pages += 1
                case (_, 6..<8):
                    await network.respond(index, with: #"{"data": null, "errors": [{"message": "refused"}]}"#)
                default:
                    await network.fail(index)
                }
                await request.task.value
            }
            for todo in known.sorted() {
                let expected =
                    inFlight.last { $0.optimisticValue?.todo == todo }?.optimisticValue?.value ?? server[todo]
                let shown = environment.lookup(ToDoItem_todo(key: TodoRecord(todo))).data?.complete
                guard shown == expected else {
                    Issue.record(
                        "seed \(seed), step \(step): \(todo) shows \(String(describing: shown)), model says \(String(describing: expected))"
                    )
                    return (step + 1, pages)
                }
            }
            let listed = environment.lookup(feed).data?.todos.map(\.id)
            guard listed == Array(Self.serverIDs.prefix(pagedCount)) else {
                Issue.record("seed \(seed), step \(step): the paged list shows \(String(describing: listed))")
                return (step + 1, pages)
            }
        }
        // Answer whatever is left, so no task outlives the schedule.
        while !inFlight.isEmpty {
            let request = inFlight.removeFirst()
            await network.fail(0)
            await request.task.value
        }
        return (stepCount, pages)
    }
}
