import Foundation
import Relay
import Testing

@testable import GoldenTodo

/// Mutations made while the server cannot be reached (`Environment.OfflineMutations`): they wait
/// in the queue with their optimistic response shown, are sent one at a time in commit order
/// when the network returns, survive a restart through their storage, and end exactly: the
/// server's answer replaces the optimistic response, a refusal rolls it back and is reported, a
/// cancel rolls it back.
@MainActor
struct OfflineMutationTests {
    /// Queued mutations in memory, as a file would keep them.
    final class QueueStorage: Environment.MutationQueueStorage, @unchecked Sendable {
        let lock = NSLock()
        var saved: [Int: Environment.QueuedMutation] = [:]

        func loadQueuedMutations() throws -> [Environment.QueuedMutation] {
            lock.withLock { Array(saved.values) }
        }
        func saveQueuedMutation(_ mutation: Environment.QueuedMutation) throws {
            lock.withLock { saved[mutation.id] = mutation }
        }
        func removeQueuedMutation(id: Int) throws {
            _ = lock.withLock { saved.removeValue(forKey: id) }
        }
        var ids: [Int] { lock.withLock { saved.keys.sorted() } }
    }

    /// What `onFailure` heard.
    final class Failures: @unchecked Sendable {
        let lock = NSLock()
        var reported: [(Environment.QueuedMutation, any Error)] = []
        func report(_ mutation: Environment.QueuedMutation, _ error: any Error) {
            lock.withLock { reported.append((mutation, error)) }
        }
        var all: [(Environment.QueuedMutation, any Error)] { lock.withLock { reported } }
    }

    static let list = """
        {"user": {"id": "me", "todos": {"edges": [
          {"node": {"id": "todo-1", "text": "Buy milk", "complete": false}},
          {"node": {"id": "todo-2", "text": "Walk the dog", "complete": false}}
        ]}}}
        """

    let network = MockNetwork()
    let storage = QueueStorage()
    let failures = Failures()

    func environment(queueing mutations: [any Relay.Operation.Type] = [ChangeTodoStatusMutation.self]) throws
        -> Environment
    {
        let failures = failures
        let environment = Environment(network: network) {
            $0.offlineMutations = Environment.OfflineMutations(
                queueing: mutations, storage: storage, onFailure: { failures.report($0, $1) })
        }
        let data = try JSONSerialization.jsonObject(with: Data(Self.list.utf8))
        try environment.commitPayload(CurrentUserToDoListQuery(), data: try #require(VariableValue(json: data)))
        return environment
    }

    func shownComplete(_ environment: Environment, _ id: String) -> Bool? {
        environment.lookup(ToDoItem_todo(key: TodoRecord(id))).data?.complete
    }

    /// Commits a status change with its optimistic response, in a task that ends with the
    /// mutation: its result, or the error it ended with.
    func toggle(_ environment: Environment, _ id: String, to complete: Bool) -> Task<Bool?, any Error> {
        Task {
            let data = try await environment.commitMutation(
                ChangeTodoStatusMutation(input: .init(complete: complete, id: id, userId: "me")),
                optimisticResponse: ["changeTodoStatus": ["todo": ["id": id, "complete": complete]]])
            return data.changeTodoStatus?.todo.complete
        }
    }

    /// The server's answer to a status change.
    static func answer(_ id: String, _ complete: Bool) -> String {
        #"{"data": {"changeTodoStatus": {"todo": {"id": "\#(id)", "complete": \#(complete)}}}}"#
    }

    /// Waits until the queue holds `count` mutations.
    func waitForQueued(_ environment: Environment, _ count: Int) async {
        for await mutations in environment.mutationQueue.changes() where mutations.count == count { return }
    }

    @Test func aMutationThatCannotReachTheServerWaitsShownAndIsSentWhenTheNetworkReturns() async throws {
        let environment = try environment()
        let toggled = toggle(environment, "todo-1", to: true)
        await network.waitForPending(1)
        await network.fail(with: RelayError.connectionFailed("Could not connect to the server."))
        await waitForQueued(environment, 1)
        #expect(shownComplete(environment, "todo-1") == true, "its optimistic response stays")
        let queued = try #require(environment.mutationQueue.mutations.first)
        #expect(queued.operationName == "ChangeTodoStatusMutation")
        #expect(queued.variables["input"]?["id"] == "todo-1")
        #expect(queued.optimisticResponse?["changeTodoStatus"]?["todo"]?["complete"] == true)
        #expect(storage.ids == [queued.id], "saved while it waits")

        environment.mutationQueue.setNetworkReachable(true)
        await network.waitForPending(1)
        await network.respond(with: Self.answer("todo-1", true))
        #expect(try await toggled.value == true, "the caller gets the server's answer")
        #expect(environment.mutationQueue.mutations.isEmpty)
        #expect(storage.ids.isEmpty)
        #expect(shownComplete(environment, "todo-1") == true)
        #expect(await network.sentNames == ["ChangeTodoStatusMutation", "ChangeTodoStatusMutation"])
    }

    @Test func offlineMutationsAreQueuedWithoutTryingAndSentOneAtATimeInOrder() async throws {
        let environment = try environment()
        environment.mutationQueue.setNetworkReachable(false)
        let first = toggle(environment, "todo-1", to: true)
        await waitForQueued(environment, 1)
        let second = toggle(environment, "todo-2", to: true)
        await waitForQueued(environment, 2)
        let third = toggle(environment, "todo-1", to: false)
        await waitForQueued(environment, 3)
        #expect(await network.sentNames.isEmpty, "nothing is tried while the app says the network is gone")
        let ids = environment.mutationQueue.mutations.map(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == 3)
        #expect(shownComplete(environment, "todo-1") == false, "the last optimistic response wins")
        #expect(shownComplete(environment, "todo-2") == true)

        let sending = Task { await environment.mutationQueue.send() }
        for (id, complete) in [("todo-1", true), ("todo-2", true), ("todo-1", false)] {
            await network.waitForPending(1)
            #expect(await network.pending.count == 1, "one at a time")
            #expect(await network.variables(0)["input"]?["id"] == .string(id))
            #expect(await network.variables(0)["input"]?["complete"] == .bool(complete))
            await network.respond(with: Self.answer(id, complete))
        }
        await sending.value
        // Each caller reads the store as readers saw it then: the third's optimistic response
        // was still over the first's answer.
        #expect(try await first.value == false)
        #expect(try await second.value == true)
        #expect(try await third.value == false)
        #expect(environment.mutationQueue.mutations.isEmpty)
        #expect(shownComplete(environment, "todo-1") == false)
        #expect(shownComplete(environment, "todo-2") == true)
    }

    @Test func aRefusalRollsBackExactlyIsReportedAndTheRestIsSent() async throws {
        let environment = try environment()
        environment.mutationQueue.setNetworkReachable(false)
        let refused = toggle(environment, "todo-1", to: true)
        await waitForQueued(environment, 1)
        let accepted = toggle(environment, "todo-2", to: true)
        await waitForQueued(environment, 2)
        let refusedID = environment.mutationQueue.mutations[0].id

        let sending = Task { await environment.mutationQueue.send() }
        await network.waitForPending(1)
        await network.respond(with: #"{"errors": [{"message": "todo-1 is locked"}]}"#)
        await network.waitForPending(1)
        #expect(shownComplete(environment, "todo-1") == false, "rolled back")
        #expect(shownComplete(environment, "todo-2") == true, "the next one's optimistic response stays")
        await network.respond(with: Self.answer("todo-2", true))
        await sending.value

        await #expect(throws: RelayError.graphQL([GraphQLError(message: "todo-1 is locked")])) {
            try await refused.value
        }
        #expect(try await accepted.value == true)
        let reported = failures.all
        #expect(reported.map(\.0.id) == [refusedID])
        #expect(reported.first?.1 as? RelayError == .graphQL([GraphQLError(message: "todo-1 is locked")]))
        #expect(storage.ids.isEmpty)
    }

    @Test func aConnectionFailureWhileSendingStopsItAndEverythingKeepsWaiting() async throws {
        let environment = try environment()
        environment.mutationQueue.setNetworkReachable(false)
        _ = toggle(environment, "todo-1", to: true)
        await waitForQueued(environment, 1)
        _ = toggle(environment, "todo-2", to: true)
        await waitForQueued(environment, 2)

        let sending = Task { await environment.mutationQueue.send() }
        await network.waitForPending(1)
        await network.fail(with: URLError(.cannotConnectToHost))
        await sending.value
        #expect(environment.mutationQueue.mutations.count == 2)
        #expect(shownComplete(environment, "todo-1") == true)
        #expect(shownComplete(environment, "todo-2") == true)
        #expect(await network.sentNames.count == 1, "the second is not tried after the first could not be sent")

        // A mutation committed now waits behind them rather than being tried.
        _ = toggle(environment, "todo-1", to: false)
        await waitForQueued(environment, 3)
        #expect(await network.sentNames.count == 1)
        #expect(failures.all.isEmpty)
    }

    @Test func aCancelledMutationIsRolledBackAndForgotten() async throws {
        let environment = try environment()
        environment.mutationQueue.setNetworkReachable(false)
        let cancelled = toggle(environment, "todo-1", to: true)
        await waitForQueued(environment, 1)
        let kept = toggle(environment, "todo-2", to: true)
        await waitForQueued(environment, 2)
        let id = environment.mutationQueue.mutations[0].id

        #expect(environment.mutationQueue.cancel(id))
        #expect(!environment.mutationQueue.cancel(id), "cancelled already")
        #expect(shownComplete(environment, "todo-1") == false)
        #expect(shownComplete(environment, "todo-2") == true)
        #expect(environment.mutationQueue.mutations.map(\.operationName) == ["ChangeTodoStatusMutation"])
        #expect(storage.ids.count == 1)
        await #expect(throws: CancellationError.self) { try await cancelled.value }

        let sending = Task { await environment.mutationQueue.send() }
        await network.waitForPending(1)
        #expect(await network.variables(0)["input"]?["id"] == "todo-2")
        await network.respond(with: Self.answer("todo-2", true))
        await sending.value
        #expect(try await kept.value == true)
    }

    @Test func theQueueSurvivesARestart() async throws {
        do {
            let before = try environment()
            before.mutationQueue.setNetworkReachable(false)
            _ = toggle(before, "todo-1", to: true)
            await waitForQueued(before, 1)
            _ = toggle(before, "todo-2", to: true)
            await waitForQueued(before, 2)
        }
        #expect(storage.ids.count == 2)

        // The next process: the optimistic responses are shown again, and the queue is sent.
        let after = try environment()
        #expect(after.mutationQueue.mutations.map(\.variables["input"]?["id"]) == ["todo-1", "todo-2"])
        #expect(shownComplete(after, "todo-1") == true)
        #expect(shownComplete(after, "todo-2") == true)
        await network.waitForPending(1)
        #expect(await network.variables(0)["input"]?["id"] == "todo-1")
        await network.respond(with: Self.answer("todo-1", true))
        await network.waitForPending(1)
        await network.respond(with: #"{"errors": [{"message": "todo-2 is locked"}]}"#)
        await waitForQueued(after, 0)
        #expect(shownComplete(after, "todo-1") == true)
        #expect(shownComplete(after, "todo-2") == false, "the refused one rolled back after the restart too")
        #expect(failures.all.map(\.0.operationName) == ["ChangeTodoStatusMutation"])
        #expect(storage.ids.isEmpty)

        // A mutation committed after the restart comes after the restored ones.
        after.mutationQueue.setNetworkReachable(false)
        _ = toggle(after, "todo-1", to: false)
        await waitForQueued(after, 1)
        #expect(try #require(storage.ids.first) > 2)
    }

    @Test func aSavedMutationTheAppNoLongerQueuesIsReportedAndDropped() async throws {
        do {
            let before = try environment()
            before.mutationQueue.setNetworkReachable(false)
            _ = toggle(before, "todo-1", to: true)
            await waitForQueued(before, 1)
        }
        let after = try environment(queueing: [])
        #expect(after.mutationQueue.mutations.isEmpty)
        #expect(shownComplete(after, "todo-1") == false)
        #expect(storage.ids.isEmpty)
        guard case .invalidArtifact(let reason)? = failures.all.first?.1 as? RelayError else {
            Issue.record("expected the unknown mutation reported, got \(failures.all)")
            return
        }
        #expect(reason.contains("ChangeTodoStatusMutation"))
    }

    @Test func anotherRequestAnsweredSendsTheQueue() async throws {
        let environment = try environment()
        environment.mutationQueue.setNetworkReachable(false)
        let toggled = toggle(environment, "todo-1", to: true)
        await waitForQueued(environment, 1)

        let fetched = Task { try await environment.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .networkOnly) }
        await network.waitForPending(1)
        await network.respond(with: #"{"data": \#(Self.list)}"#)
        _ = try await fetched.value
        await network.waitForPending(1)
        #expect(await network.sentNames.last == "ChangeTodoStatusMutation")
        await network.respond(with: Self.answer("todo-1", true))
        #expect(try await toggled.value == true)
    }

    @Test func aMutationTheQueueDoesNotTakeFailsAsBefore() async throws {
        let environment = try environment(queueing: [])
        let toggled = toggle(environment, "todo-1", to: true)
        await network.waitForPending(1)
        await network.fail(with: RelayError.connectionFailed("offline"))
        await #expect(throws: RelayError.connectionFailed("offline")) { try await toggled.value }
        #expect(environment.mutationQueue.mutations.isEmpty)
        #expect(shownComplete(environment, "todo-1") == false)
    }

    @Test func aTransportErrorAfterSendingIsNotQueued() async throws {
        // The server may have applied it: it fails, rather than risk applying it twice.
        let environment = try environment()
        let toggled = toggle(environment, "todo-1", to: true)
        await network.waitForPending(1)
        await network.fail(with: RelayError.transport("the network connection was lost"))
        await #expect(throws: RelayError.transport("the network connection was lost")) { try await toggled.value }
        #expect(environment.mutationQueue.mutations.isEmpty)
        #expect(shownComplete(environment, "todo-1") == false)
    }

    @Test func everyAttemptCarriesTheMutationsOwnIdempotencyKeyAcrossARestart() async throws {
        do {
            let before = try environment()
            before.mutationQueue.setNetworkReachable(false)
            _ = toggle(before, "todo-1", to: true)
            await waitForQueued(before, 1)
            let saved = try #require(storage.saved.values.first)
            // Two attempts, each started here and over once its connection failure stopped it.
            for _ in 0..<2 {
                let attempt = Task { await before.mutationQueue.send() }
                await network.waitForPending(1)
                await network.fail(with: RelayError.connectionFailed("Could not connect to the server."))
                await attempt.value
            }
            #expect(before.mutationQueue.mutations == [saved])
        }
        let key = try #require(storage.saved.values.first?.idempotencyKey).uuidString.lowercased()
        let after = try environment()
        await network.waitForPending(1)
        await network.respond(with: Self.answer("todo-1", true))
        await waitForQueued(after, 0)
        #expect(storage.ids.isEmpty)
        #expect(await network.sentIdempotencyKeys == [key, key, key], "one key, every attempt, after the restart too")
        // Other requests carry none, and another mutation has its own.
        _ = try await after.fetchQuery(CurrentUserToDoListQuery(), fetchPolicy: .storeOnly)
        let other = toggle(after, "todo-2", to: true)
        await network.waitForPending(1)
        await network.respond(with: Self.answer("todo-2", true))
        _ = try await other.value
        let keys = await network.sentIdempotencyKeys
        #expect(keys.count == 4 && keys[3] != nil && keys[3] != key)
    }

    @Test func aMutationIsSavedBeforeItsFirstSendAndGoneOnceItsAnswerIsApplied() async throws {
        let environment = try environment()
        let toggled = toggle(environment, "todo-1", to: true)
        await network.waitForPending(1)
        #expect(storage.ids.count == 1, "saved before the server was asked")
        await network.respond(with: Self.answer("todo-1", true))
        #expect(try await toggled.value == true)
        #expect(storage.ids.isEmpty, "removed before its caller heard the answer")
        #expect(environment.mutationQueue.mutations.isEmpty)
        #expect(failures.all.isEmpty)
    }

    @Test func mutationsCommittedTogetherReachTheServerOneAtATimeInCommitOrder() async throws {
        let environment = try environment()
        let first = toggle(environment, "todo-1", to: true)
        await network.waitForPending(1)
        let second = toggle(environment, "todo-2", to: true)
        await waitForQueued(environment, 2)
        #expect(await network.pending.count == 1, "the second waits for the first's answer")
        await network.respond(with: Self.answer("todo-1", true))
        await network.waitForPending(1)
        #expect(await network.variables(0)["input"]?["id"] == "todo-2")
        await network.respond(with: #"{"errors": [{"message": "todo-2 is locked"}]}"#)
        #expect(try await first.value == true)
        await #expect(throws: (any Error).self) { try await second.value }
        #expect(failures.all.isEmpty, "a mutation that never waited for the network tells only its caller")
    }

    @Test func connectionFailuresAreTheErrorsOfRequestsThatWereNotSent() {
        #expect(RelayError.isConnectionFailure(URLError(.cannotConnectToHost)))
        #expect(RelayError.isConnectionFailure(URLError(.notConnectedToInternet)))
        #expect(RelayError.isConnectionFailure(RelayError.connectionFailed("refused")))
        #expect(RelayError.isConnectionFailure(POSIXError(.ECONNREFUSED)))
        #expect(!RelayError.isConnectionFailure(URLError(.networkConnectionLost)))
        #expect(!RelayError.isConnectionFailure(URLError(.timedOut)))
        #expect(!RelayError.isConnectionFailure(RelayError.transport("reset")))
        #expect(!RelayError.isConnectionFailure(RelayError.httpStatus(503, body: "")))
    }
}
