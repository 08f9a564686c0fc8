import Benchmark
import Relay
import Synchronization

/// The state Store's commit against the simplest thread-safe alternative, a `Mutex`-guarded
/// struct, in the same run; and reading a memoized computed property that is already cached.
struct BenchState: ExtendedStateType {
    var count = 0
    var items: [Int] = Array(0..<1_000)

    struct Extended: ExtendedType {
        static let instance = Extended()
        let bigItems = Field.Computed<Int> { $0.items.filter { $0 > 500 }.count }
            .dropsInput { $0.noChanges(\.items) }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2)
    )

    Benchmark("Commit a change (Store)") { benchmark in
        let store = Store<BenchState, Never>(initialState: BenchState())
        for _ in benchmark.scaledIterations {
            store.commit { $0.count += 1 }
        }
        blackHole(store.state.count)
    }
    Benchmark("Commit a no-op (Store)") { benchmark in
        let store = Store<BenchState, Never>(initialState: BenchState())
        for _ in benchmark.scaledIterations {
            store.commit { $0.count = 0 }
        }
        blackHole(store.state.version)
    }
    Benchmark("Commit a change with one observer (Store)") { benchmark in
        let store = Store<BenchState, Never>(initialState: BenchState())
        let subscription = store.sinkState(dropsCurrent: true) { blackHole($0.version) }
        for _ in benchmark.scaledIterations {
            store.commit { $0.count += 1 }
        }
        subscription.cancel()
    }
    Benchmark("Mutate a Mutex-guarded struct (baseline)") { benchmark in
        let state = Mutex(BenchState())
        for _ in benchmark.scaledIterations {
            state.withLock { $0.count += 1 }
        }
        blackHole(state.withLock { $0.count })
    }
    Benchmark("Read a cached computed property (Store)") { benchmark in
        let store = Store<BenchState, Never>(initialState: BenchState())
        let state = store.state
        blackHole(state.computed.bigItems)
        for _ in benchmark.scaledIterations {
            blackHole(state.computed.bigItems)
        }
    }
}
