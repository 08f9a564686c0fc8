import Benchmark
import Foundation
import Relay

/// A server that answers every page query at once with the next `pageSize` to-dos after the
/// cursor it was asked from (cursor `c<i>` names to-do `i`).
struct PagingNetwork: Network {
    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        guard case .string(let cursor)? = variables["cursor"], let last = Int(cursor.dropFirst()),
            case .int(let count)? = variables["count"]
        else { throw RelayError.transport("the benchmark pages forward only") }
        let page = feedUser(todos: (last + 1)...(last + count), hasNextPage: true)
        return Data(VariableValue.object(["data": .object(["node": page])]).stableJSON.utf8)
    }
}

/// The `TodoFeed_user` fields of `me` with the given to-dos as its connection's edges.
func feedUser(todos indices: ClosedRange<Int>, hasNextPage: Bool) -> VariableValue {
    let edges: [VariableValue] = indices.map { index in
        .object([
            "cursor": .string("c\(index)"),
            "node": .object([
                "__typename": "Todo", "id": .string("todo-\(index)"), "text": .string("To-do number \(index)"),
            ]),
        ])
    }
    return .object([
        "__typename": "User", "id": "me", "openCount": .int(indices.count),
        "todos": .object([
            "edges": .list(edges),
            "pageInfo": .object([
                "startCursor": .string("c\(indices.lowerBound)"), "endCursor": .string("c\(indices.upperBound)"),
                "hasNextPage": .bool(hasNextPage), "hasPreviousPage": false,
            ]),
        ]),
    ])
}

/// An environment whose feed connection holds `count` edges, with 100 subscribed row fragments
/// (on to-dos spread over the connection), and the feed's pagination fragment.
func pagedEnvironment(edges count: Int) -> (
    Relay.Environment, TodoFeed_user, [AsyncStream<Snapshot<TodoRow_todo.Data>>]
) {
    let environment = Relay.Environment(network: PagingNetwork())
    commit(.object(["viewer": feedUser(todos: 0...(count - 1), hasNextPage: true)]), TodoFeedQuery(), into: environment)
    guard let viewer = environment.lookup(TodoFeedQuery()).data?.viewer else {
        fatalError("the benchmark's feed is missing")
    }
    let rows = (0..<100).map { environment.subscribe(row("todo-\($0 * count / 100)")) }
    return (environment, TodoFeed_user(key: viewer), rows)
}

/// `loadNext(50)` onto a connection of `edges` edges: each sample pages a fresh environment
/// (made outside the measurement), so the connection's size is the same in every sample.
func loadNextBenchmark(edges: Int) {
    Benchmark(
        "loadNext 50 edges onto \(edges) edges, 100 subscribed fragments",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one, maxIterations: 200)
    ) { benchmark in
        let (environment, feed, rows) = pagedEnvironment(edges: edges)
        benchmark.startMeasurement()
        do {
            guard try await environment.loadMore(feed, .forward, count: 50) else { fatalError("nothing was loaded") }
        } catch {
            fatalError("loadNext failed: \(error)")
        }
        benchmark.stopMeasurement()
        blackHole(rows.count)
    }
}
