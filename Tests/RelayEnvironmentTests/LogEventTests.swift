import Foundation
@_spi(RelayGenerated) import Relay
import Synchronization
import Testing

@testable import GoldenTodo

/// The environment's `log`, after relay-runtime's log events (`RelayModernEnvironment`'s
/// `execute.*`, `network.*`, `store.*`): what a query, an optimistic mutation and a failed
/// request tell it, in order, each event's execution tied together by its id.
struct LogEventTests {
    final class Recorder: Sendable {
        private let events = Mutex<[Environment.LogEvent]>([])

        func record(_ event: Environment.LogEvent) {
            events.withLock { $0.append(event) }
        }

        /// The names told so far, and forgets them.
        func take() -> [String] {
            events.withLock { events in
                defer { events = [] }
                return events.map(\.name)
            }
        }

        var all: [Environment.LogEvent] { events.withLock { $0 } }
    }

    let network = MockNetwork()
    let recorder = Recorder()
    let environment: Environment

    init() {
        let recorder = recorder
        environment = Environment(network: network) { $0.log = { recorder.record($0) } }
    }

    @Test func aQueryIsLoggedFromItsStartToItsCompletion() async throws {
        async let loaded = environment.fetchQuery(CurrentUserToDoListQuery())
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.listResponse)
        _ = try await loaded
        #expect(
            recorder.take() == [
                "execute.start", "network.start", "network.next", "store.publish", "store.notify.start",
                "store.notify.complete", "execute.next", "network.complete", "execute.complete",
            ])
        guard case .executeStart(let id, let operation, _)? = recorder.all.first,
            case .executeComplete(let completed)? = recorder.all.last
        else { return }
        #expect(operation == "CurrentUserToDoListQuery")
        #expect(id == completed)
    }

    @Test func anOptimisticMutationLogsItsLayerThenTheServersAnswer() async throws {
        async let loaded = environment.fetchQuery(CurrentUserToDoListQuery())
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.listResponse)
        _ = try await loaded
        _ = recorder.take()
        async let changed = environment.commitMutation(
            ChangeTodoStatusMutation(input: .init(complete: true, id: "todo-1", userId: "me")),
            optimisticResponse: ["changeTodoStatus": ["todo": ["id": "todo-1", "complete": true]]])
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.response(id: "todo-1", complete: true))
        _ = try await changed
        let events = recorder.all
        #expect(
            events.map(\.name) == [
                // The optimistic response, as a layer, before the request.
                "store.publish", "store.notify.start", "store.notify.complete",
                "execute.start", "network.start", "network.next",
                // The answer replaces the layer in one write.
                "store.publish", "store.notify.start", "store.notify.complete", "execute.next",
                "network.complete", "execute.complete",
            ])
        guard case .storePublish(_, let optimistic, let changedRecords) = events[0] else { return }
        #expect(optimistic)
        #expect(changedRecords.contains("todo-1"))
    }

    @Test func aFailedRequestLogsTheNetworksErrorThenTheExecutions() async throws {
        async let loaded = environment.fetchQuery(CurrentUserToDoListQuery())
        await network.waitForPending(1)
        await network.fail()
        _ = try? await loaded
        #expect(recorder.take() == ["execute.start", "network.start", "network.error", "execute.error"])
        guard case .executeError(_, let error)? = recorder.all.last else { return }
        #expect(error as? RelayError == .transport("connection reset"))
    }

    @Test func garbageCollectionIsLoggedWithWhatItRemoved() async throws {
        let retained = environment.retain(CurrentUserToDoListQuery())
        async let loaded = environment.fetchQuery(CurrentUserToDoListQuery())
        await network.waitForPending(1)
        await network.respond(with: TodoEnvironmentTests.listResponse)
        _ = try await loaded
        _ = recorder.take()
        environment.commitLocalUpdate { store in _ = store.create(dataID: "stray", typename: "Todo") }
        #expect(environment.collectGarbage() == 1)
        guard case .storeGarbageCollection(let removed)? = recorder.all.last else {
            Issue.record("expected a collection last, got \(recorder.all.map(\.name))")
            return
        }
        #expect(removed == 1)
        retained.dispose()
    }
}
