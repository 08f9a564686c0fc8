import Benchmark
import Foundation
@_spi(RelayGenerated) import Relay
import Synchronization

/// Relay Resolvers with the golden `resolvers` case's generated code, 1,000 subscriptions each:
/// what a change costs, and how many times resolvers run or live states are read for it — the
/// counts, reported as custom metrics per change, are the point: one run per change of a root
/// fragment however many read the field, none for a `Store` commit elsewhere in the state, one
/// read for a commit the live field reads.
struct NoNetwork: Network {
    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        throw RelayError.transport("benchmarks commit payloads directly")
    }
}

/// Writes the benchmark's own response, which fits its operation.
func commit<Op: Relay.Operation>(_ data: VariableValue, _ operation: Op, into environment: Relay.Environment) {
    do {
        try environment.commitPayload(operation, data: data)
    } catch {
        fatalError("the benchmark's response does not fit \(Op.self): \(error)")
    }
}

let subscriberCount = 1_000

/// Counts changes across samples, so that every commit or publish really changes what it writes.
let changeCount = Atomic(0)

func nextChange() -> Int { changeCount.add(1, ordering: .relaxed).newValue }

/// An environment holding user `u1`, and `subscriberCount` subscriptions made by `subscribe`.
func subscribed<Data: Sendable>(_ subscribe: (Relay.Environment) -> AsyncStream<Data>) -> (
    Relay.Environment, [AsyncStream<Data>]
) {
    let environment = Relay.Environment(network: NoNetwork())
    let user: VariableValue = [
        "id": "u1", "firstName": "Ada", "lastName": "Lovelace", "birthYear": 1815,
        "city": ["id": "lyon", "name": "Lyon"],
    ]
    commit(["user": user], ProfileQuery(id: "u1", salutation: "Hello"), into: environment)
    commit(["user": user], SessionViewQuery(id: "u1"), into: environment)
    return (environment, (0..<subscriberCount).map { _ in subscribe(environment) })
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 200)

    let resolverRuns = BenchmarkMetric.custom("resolver runs per change", useScalingFactor: false)
    let liveReads = BenchmarkMetric.custom("live state reads per commit", useScalingFactor: false)
    let badgeComputations = BenchmarkMetric.custom("computed property runs per commit", useScalingFactor: false)

    Benchmark(
        "Resolver: its root fragment changes, \(subscriberCount) subscribed fragments read it",
        configuration: .init(metrics: [.wallClock, .instructions, .mallocCountTotal, resolverRuns])
    ) { benchmark in
        let (environment, streams) = subscribed { $0.subscribe(ProfileCard_user(key: ProfileKey())) }
        let resolver = UserFullNameResolver.resolver_User_fullName
        let start = resolver.evaluationCount
        var changes = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            changes += 1
            let name = VariableValue.string("Ada \(nextChange())")
            environment.commitUpdate { store, _ in store.get("u1")?["firstName"] = name }
        }
        benchmark.stopMeasurement()
        benchmark.measurement(resolverRuns, (resolver.evaluationCount - start) / changes)
        blackHole(streams)
    }

    Benchmark(
        "Live resolver: a Store commit elsewhere in the state, \(subscriberCount) subscribed queries read it",
        configuration: .init(metrics: [.wallClock, .instructions, .mallocCountTotal, liveReads, badgeComputations])
    ) { benchmark in
        let perCommit = measureCommits(benchmark) {
            let theme = "theme \(nextChange())"
            sessionStore.commit { $0.theme = theme }
        }
        benchmark.measurement(liveReads, perCommit(\.nearbyReads))
        benchmark.measurement(badgeComputations, perCommit(\.badgeComputations))
    }

    Benchmark(
        "Live resolver: a Store commit it reads, \(subscriberCount) subscribed queries read it",
        configuration: .init(metrics: [.wallClock, .instructions, .mallocCountTotal, liveReads])
    ) { benchmark in
        let perCommit = measureCommits(benchmark) {
            // Each commit moves the current city to or from the user's: the field changes.
            let city = sessionStore.state.currentCityID == "lyon" ? "oslo" : "lyon"
            sessionStore.commit { $0.currentCityID = city }
        }
        benchmark.measurement(liveReads, perCommit(\.nearbyReads))
    }
}

/// Measures `commit`, once per iteration, with `subscriberCount` subscriptions to
/// `SessionViewQuery`; returns how much a live resolver counter grew per commit.
func measureCommits(_ benchmark: Benchmark, _ commit: () -> Void) -> (KeyPath<LiveResolverCounts.Counts, Int>) -> Int {
    let (_, streams) = subscribed { $0.subscribe(SessionViewQuery(id: "u1")) }
    let before = LiveResolverCounts.shared.now
    var commits = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        commits += 1
        commit()
    }
    benchmark.stopMeasurement()
    let after = LiveResolverCounts.shared.now
    blackHole(streams)
    return { counter in (after[keyPath: counter] - before[keyPath: counter]) / commits }
}

/// A `ProfileCard_user` key for user `u1`, as a parent's data would carry it.
struct ProfileKey: ProfileCard_user_Key {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var fragment_ProfileCard_user = FragmentPointer(id: "u1")
}
