import Foundation
import RelayState
import Testing

/// The Store's guarantees beyond the seeds' examples: rollback on throw, which properties a
/// commit changed, in-place writes, ordered delivery when observers commit, activities in order
/// with states.
struct StoreBehaviourTests {
    struct Failure: Error {}

    @Test func aCommitThatThrowsLeavesTheStateAsItWas() {
        let store = MyStore()
        let versions = Recorder<UInt64>()
        let subscription = store.sinkState(dropsCurrent: true) { versions.append($0.version) }
        #expect(throws: Failure.self) {
            try store.commit { state in
                state.count = 5
                state.todos.append(Todo(title: "half-done", hasCompleted: false))
                throw Failure()
            }
        }
        #expect(store.primitiveState == MyState())
        #expect(store.state.version == 0)
        #expect(versions.values.isEmpty)
        subscription.cancel()
    }

    @Test func aScopedCommitThatThrowsLeavesTheStateAsItWas() {
        let store = AppStore()
        store.commit { $0.loggedIn.token = "before" }
        let service = LoggedInService(store: store)
        #expect(throws: Failure.self) {
            try service.commit { state in
                state.token = "after"
                throw Failure()
            }
        }
        #expect(store.state.loggedIn.token == "before")
        #expect(store.state.version == 1)
    }

    @Test func changesTellWhichPropertiesTheCommitChanged() {
        let store = MyStore()
        store.commit { state in
            state.count = 1
            state.name = "x"
            #expect(state.wasModified(\.count))
            #expect(!state.wasModified(\.todos))
        }
        let first = store.state
        #expect(first.wasModified(\.count))
        #expect(first.wasModified(\.name))
        #expect(!first.wasModified(\.todos))
        store.addNewTodo(title: "a")
        #expect(store.state.wasModified(\.todos))
        #expect(!store.state.wasModified(\.count))
        // The previous version has no commit of its own to tell about.
        #expect(store.state.previous?.wasModified(\.count) == false)
    }

    @Test func aScopedDispatchersCommitChangesTheScope() {
        let store = AppStore()
        LoggedInService(store: store).someOperation()
        #expect(store.state.wasModified(\.loggedIn))
        #expect(!store.state.wasModified(\.count))
        #expect(!store.state.wasModified(\.loggedIn.token))  // recorded as the scope
    }

    @Test func inPlaceWritesThatLeaveTheValueEqualEmitNothing() {
        let store = MyStore()
        let versions = Recorder<UInt64>()
        let subscription = store.sinkState(dropsCurrent: true) { versions.append($0.version) }
        store.commit { $0.count += 0 }
        store.commit { $0.todos.removeAll() }
        store.commit { $0.name.append("") }
        #expect(versions.values.isEmpty)
        #expect(store.state.version == 0)
        subscription.cancel()
    }

    @Test func manyInPlaceWritesInOneCommitAreOneVersion() {
        let store = MyStore()
        store.commit { state in
            for index in 0..<1_000 { state.todos.append(Todo(title: "\(index)", hasCompleted: false)) }
            state.count += 1
            state.count += 1
        }
        #expect(store.state.version == 1)
        #expect(store.state.todos.count == 1_000)
        #expect(store.state.count == 2)
        #expect(store.state.previous?.todos.isEmpty == true)
        #expect(store.state.previous?.count == 0)
    }

    @Test func replacingTheWholeStateIsAChange() {
        let store = MyStore()
        var replacement = MyState()
        replacement.name = "new"
        store.commit { $0.replace(with: replacement) }
        #expect(store.state.version == 1)
        #expect(store.state.name == "new")
        #expect(store.state.previous?.name == "")
    }

    @Test func anObserverThatCommitsHearsItsVersionNextInOrder() {
        let store = MyStore()
        let log = Recorder<String>()
        let subscription = store.sinkState(dropsCurrent: true) { state in
            log.append("v\(state.version) count=\(state.count)")
            if state.count == 1 {
                store.commit { $0.count = 2 }
                log.append("nested commit returned")
            }
        }
        store.commit { $0.count = 1 }
        // The nested commit returns at once; its version is delivered after the current one.
        #expect(log.values == ["v1 count=1", "nested commit returned", "v2 count=2"])
        subscription.cancel()
    }

    @Test func activitiesAreDeliveredInOrderWithStates() {
        let store = Store<MyState, String>(initialState: MyState())
        let log = Recorder<String>()
        let states = store.sinkState(dropsCurrent: true) { state in
            log.append("v\(state.version)")
            if state.version == 1 { store.send("toast") }
        }
        let activities = store.sinkActivity { log.append($0) }
        store.commit { $0.count = 1 }
        store.commit { $0.count = 2 }
        #expect(log.values == ["v1", "toast", "v2"])
        states.cancel()
        activities.cancel()
    }

    @Test func aCancelledObserverHearsNothingMore() {
        let store = MyStore()
        let versions = Recorder<UInt64>()
        var subscription: StoreSubscription? = store.sinkState(dropsCurrent: true) { versions.append($0.version) }
        store.commit { $0.count = 1 }
        subscription = nil  // released: the same as cancelling
        store.commit { $0.count = 2 }
        #expect(subscription == nil)
        #expect(versions.values == [1])
    }

    /// Threads commit while observers, called on those threads, commit too. With a lock held
    /// while observers run, this deadlocks; observers must also hear every version, in order.
    @Test(.timeLimit(.minutes(1)))
    func observersThatCommitWhileOthersCommitDoNotDeadlock() async {
        let store = MyStore()
        let versions = Recorder<UInt64>()
        let subscription = store.sinkState(dropsCurrent: true) { state in
            versions.append(state.version)
            // A commit from the observer whenever count reaches a multiple of ten; the second
            // time it writes an equal value, which is no change, so this ends.
            if state.count % 10 == 0 { store.commit { $0.name = "\(state.count)" } }
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<200 { store.commit { $0.count += 1 } }
                }
            }
        }
        #expect(store.state.count == 1_600)
        let final = store.state.version
        #expect(versions.values == Array(1...final))
        subscription.cancel()
    }
}
