import Benchmark
import Foundation
@_spi(RelayGenerated) import Relay

/// The runtime against its floor: for one response at several sizes, decoding its bytes alone
/// (the runtime's JSON parser, and Foundation's `JSONSerialization`), normalizing it into a new
/// store, writing it again unchanged (no record changes, nobody is notified), and reading the
/// operation with every fragment. `Benchmarks/README.md` gives each as a ratio to the decode.
func floorBenchmarks() {
    // `TodoListQuery` with 50, 500 and 5,000 to-dos: about 100, 1,000 and 10,000 records
    // (the largest responses of the real apps' generated-data runs hold 14).
    for count in [50, 500, 5_000] {
        let records = 2 * count + 4
        let data = listResponse(count: count)
        let bytes = Data(VariableValue.object(["data": data]).stableJSON.utf8)
        Benchmark("Floor \(records) records: decode, the runtime's JSON parser") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? VariableValue.parse(bytes)) }
        }
        Benchmark("Floor \(records) records: decode, JSONSerialization") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? JSONSerialization.jsonObject(with: bytes)) }
        }
        Benchmark("Floor \(records) records: normalize into a new store") { benchmark in
            for _ in benchmark.scaledIterations {
                let environment = Relay.Environment(network: NoNetwork())
                commit(data, TodoListQuery(), into: environment)
                blackHole(environment)
            }
        }
        let written = environment(withTodos: count)
        Benchmark("Floor \(records) records: write the same response again") { benchmark in
            for _ in benchmark.scaledIterations { commit(data, TodoListQuery(), into: written) }
        }
        Benchmark("Floor \(records) records: read the operation and every fragment") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(readEverything(written)) }
        }
    }
}

/// The query's data, the list fragment's, and every row's: what the screens of the list read.
func readEverything(_ environment: Relay.Environment) -> Int {
    guard let viewer = environment.lookup(TodoListQuery()).data?.viewer,
        let list = environment.lookup(TodoList_viewer(key: viewer)).data
    else { fatalError("the benchmark's list is missing") }
    var rows = 0
    for edge in list.todos.edges ?? [] {
        guard let node = edge?.node, environment.lookup(TodoRow_todo(key: node)).data != nil else { continue }
        rows += 1
    }
    return rows
}
