import Foundation
import RelayState
import Testing

// The examples of the seeds (Verge's Mutation, Dispatcher and memoized computed properties),
// adapted only where the seed text is not valid Swift.

struct Todo: Equatable, Sendable {
    var title: String
    var hasCompleted: Bool
}

struct MyState: Sendable, Equatable {
    var todos: [Todo] = []
    var count: Int = 0
    var name: String = ""
}

final class MyStore: Store<MyState, Never>, @unchecked Sendable {
    init() { super.init(initialState: MyState()) }

    func addNewTodo(title: String) {
        commit { (state: inout InoutRef<MyState>) in
            state.todos.append(Todo(title: title, hasCompleted: false))
        }
    }
}

/// Thread-safe counters and logs for observers, which run on whatever thread commits.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
}

@Suite("Seed 000: Mutation")
struct MutationSeedTests {
    @Test("Define mutations in the Store, then run them")
    func runMutation() {
        let store = MyStore()
        store.addNewTodo(title: "Create SwiftUI App")
        #expect(store.state.todos == [Todo(title: "Create SwiftUI App", hasCompleted: false)])
        #expect(store.state.version == 1)
    }

    @Test("If the commit has no modifications, Store skips the mutation")
    func noModificationSkips() {
        let store = MyStore()
        let versions = Recorder<UInt64>()
        let subscription = store.sinkState(dropsCurrent: true) { versions.append($0.version) }
        store.commit { _ in }
        store.commit { $0.count = 0 }  // equal to the current value: stricter than Verge, no change
        store.commit { $0.todos = [] }
        #expect(versions.values == [])
        #expect(store.state.version == 0)
        store.commit { $0.count = 1 }
        #expect(versions.values == [1])
        subscription.cancel()
    }

    @Test("Batches multiple commits: using commit, several conditional writes are one update")
    func severalWritesInOneCommit() {
        let store = MyStore()
        let emitted = Recorder<MyState>()
        let subscription = store.sinkState(dropsCurrent: true) { emitted.append($0.primitive) }
        let (renames, counts, adds) = (true, false, true)
        store.commit { (state: inout InoutRef<MyState>) in
            if renames { state.name = "renamed" }
            if counts { state.count = 10 }
            if adds { state.todos.append(Todo(title: "one", hasCompleted: false)) }
        }
        #expect(emitted.values.count == 1)
        #expect(emitted.values.first?.name == "renamed")
        #expect(emitted.values.first?.count == 0)
        #expect(emitted.values.first?.todos.count == 1)
        #expect(store.state.version == 1)
        subscription.cancel()
    }

    @Test("Using batchCommit: many mutations, one update")
    func batchCommit() {
        let store = MyStore()
        let emitted = Recorder<MyState>()
        let subscription = store.sinkState(dropsCurrent: true) { emitted.append($0.primitive) }
        store.batchCommit { context in
            context.commit { $0.count = 1 }
            context.commit { $0.name = "batched" }
            context.commit { $0.todos.append(Todo(title: "one", hasCompleted: false)) }
        }
        #expect(emitted.values.count == 1)
        #expect(emitted.values.first?.count == 1)
        #expect(emitted.values.first?.name == "batched")
        #expect(emitted.values.first?.todos.count == 1)
        subscription.cancel()
    }

    @Test("If batchCommit has no operations, nothing happens")
    func emptyBatchCommit() {
        let store = MyStore()
        let emitted = Recorder<UInt64>()
        let subscription = store.sinkState(dropsCurrent: true) { emitted.append($0.version) }
        store.batchCommit { _ in }
        #expect(emitted.values.isEmpty)
        #expect(store.state.version == 0)
        subscription.cancel()
    }
}

@Suite("Observing a store")
struct ObservingTests {
    @Test func sinkStateWithIfChangedAndHasChanges() {
        let store = MyStore()
        let changedItems = Recorder<Int>()
        let subscription = store.sinkState { state in
            state.ifChanged(\.todos) { changedItems.append($0.count) }
        }
        store.commit { $0.name = "renamed" }  // todos unchanged
        store.addNewTodo(title: "a")
        #expect(changedItems.values == [0, 1])  // the initial state counts as changed
        #expect(store.state.hasChanges(\.todos))
        #expect(store.state.noChanges(\.name))
        subscription.cancel()
        store.addNewTodo(title: "b")
        #expect(changedItems.values == [0, 1])
    }

    @Test func asyncStreamOfStates() async {
        let store = MyStore()
        var iterator = store.states.makeAsyncIterator()
        #expect(await iterator.next()?.version == 0)
        store.commit { $0.count = 7 }
        let next = await iterator.next()
        #expect(next?.count == 7)
        #expect(next?.previous?.count == 0)
    }

    @Test func activitiesAreDelivered() async {
        let store = Store<MyState, String>(initialState: MyState())
        let received = Recorder<String>()
        let subscription = store.sinkActivity { received.append($0) }
        store.send("toast")
        store.send("navigate")
        #expect(received.values == ["toast", "navigate"])
        subscription.cancel()
        var iterator = store.activities.makeAsyncIterator()
        store.send("after")
        #expect(await iterator.next() == "after")
    }
}
