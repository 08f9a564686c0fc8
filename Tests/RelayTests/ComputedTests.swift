import Foundation
import Relay
import Testing

/// Counts computations, shared by the computed field below.
final class ComputationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
    func reset() { lock.withLock { value = 0 } }
}

let filteredArrayComputations = ComputationCounter()

struct ComputedState: ExtendedStateType {
    var name: String = ""
    var items: [Int] = []

    struct Extended: ExtendedType {
        static let instance = Extended()

        let filteredArray = Field.Computed<[Int]> {
            filteredArrayComputations.increment()
            return $0.items.filter { $0 > 300 }
        }
        .dropsInput {
            $0.noChanges(\.items)
        }
    }
}

@Suite("Seed 002: Memoized computed properties", .serialized)
struct ComputedSeedTests {
    @Test("It computes / no computes / commit to name / no computes / commit to items / It computes")
    func stepByStep() {
        filteredArrayComputations.reset()
        let store = Store<ComputedState, Never>(initialState: ComputedState(items: [100, 400]))
        // It computes
        #expect(store.state.computed.filteredArray == [400])
        #expect(filteredArrayComputations.count == 1)
        // no computes because results cached with first-time access
        #expect(store.state.computed.filteredArray == [400])
        #expect(filteredArrayComputations.count == 1)
        // State will change but no affects items
        store.commit { $0.name = "Muukii" }
        // no computes
        #expect(store.state.computed.filteredArray == [400])
        #expect(filteredArrayComputations.count == 1)
        // State will change with it affects items
        store.commit { $0.items.append(500) }
        // It computes
        #expect(store.state.computed.filteredArray == [400, 500])
        #expect(filteredArrayComputations.count == 2)
    }

    @Test("500 concurrent first reads compute once")
    func concurrentReads() async {
        filteredArrayComputations.reset()
        let store = Store<ComputedState, Never>(initialState: ComputedState(items: [1, 301, 302]))
        let state = store.state
        let results = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<500 { group.addTask { state.computed.filteredArray } }
            var all: [[Int]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 500)
        #expect(results.allSatisfy { $0 == [301, 302] })
        #expect(filteredArrayComputations.count == 1)
    }
}
