import Foundation
import RelayState
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

struct ChainedComputedState: ExtendedStateType {
    var items: [Int] = []
    var name = ""

    struct Extended: ExtendedType {
        static let instance = Extended()

        let sorted = Field.Computed<[Int]> { $0.items.sorted() }
            .dropsInput { $0.noChanges(\.items) }
        /// Reads another computed property of the same version.
        let largest = Field.Computed<Int?> { $0.computed.sorted.last }
            .dropsInput { $0.noChanges(\.items) }
    }
}

@Suite("Computed properties")
struct ComputedPropertyTests {
    @Test func aComputedPropertyMayReadAnother() {
        let store = Store<ChainedComputedState, Never>(initialState: ChainedComputedState(items: [3, 1, 2]))
        #expect(store.state.computed.largest == 3)
        store.commit { $0.items.append(9) }
        #expect(store.state.computed.largest == 9)
        #expect(store.state.computed.sorted == [1, 2, 3, 9])
    }

    @Test func aValueIsSharedByLaterVersionsWhileItsInputIsUnchanged() {
        let store = Store<ChainedComputedState, Never>(initialState: ChainedComputedState(items: [3, 1, 2]))
        let first = store.state.computed.sorted
        store.commit { $0.name = "a" }
        store.commit { $0.name = "b" }
        let later = store.state.computed.sorted
        // The same array storage: reused, not recomputed.
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } == later.withUnsafeBufferPointer { $0.baseAddress })
    }
}
