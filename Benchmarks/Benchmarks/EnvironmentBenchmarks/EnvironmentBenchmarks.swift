import Benchmark
import Foundation
@_spi(RelayGenerated) import Relay
import Synchronization

/// The Relay environment with the golden `todo-list` case's generated code: normalizing a large
/// response, reading a list through its fragments, and publishing one change to many
/// subscribers, where the cost must follow the subscribers that read the change, not all.
struct NoNetwork: Network {
    func execute(request: RequestParameters, variables: VariableData) async throws -> Data {
        throw RelayError.transport("benchmarks commit payloads directly")
    }
}

/// `TodoListQuery`'s response with `count` to-dos: `2 × count + 4` records.
func listResponse(count: Int) -> VariableValue {
    let edges: [VariableValue] = (0..<count).map { index in
        .object([
            "cursor": .string("c\(index)"),
            "node": .object([
                "__typename": "Todo", "id": .string("todo-\(index)"), "text": .string("To-do number \(index)"),
                "complete": .bool(index.isMultiple(of: 2)),
            ]),
        ])
    }
    return .object([
        "viewer": .object([
            "id": "me", "openCount": .int(count),
            "todos": .object([
                "edges": .list(edges), "pageInfo": .object(["endCursor": "c", "hasNextPage": false]),
            ]),
        ])
    ])
}

func environment(withTodos count: Int) -> Relay.Environment {
    let environment = Relay.Environment(network: NoNetwork())
    commit(listResponse(count: count), TodoListQuery(), into: environment)
    return environment
}

/// Writes the benchmark's own response, which fits its operation.
func commit<Op: Relay.Operation>(_ data: VariableValue, _ operation: Op, into environment: Relay.Environment) {
    do {
        try environment.commitPayload(operation, data: data)
    } catch {
        fatalError("the benchmark's response does not fit \(Op.self): \(error)")
    }
}

/// A `TodoRow_todo` key for a record, as a parent's data would carry it.
struct RowKey: TodoRow_todo_Key {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var fragment_TodoRow_todo: FragmentPointer
}

func row(_ id: String) -> TodoRow_todo {
    TodoRow_todo(key: RowKey(fragment_TodoRow_todo: FragmentPointer(id: DataID(id))))
}

/// An environment with 10,000 to-dos and 10,000 `TodoRow_todo` subscriptions, `affected` of
/// which read `todo-0` (the others one to-do each).
func subscribedEnvironment(affected: Int) -> (Relay.Environment, [AsyncStream<Snapshot<TodoRow_todo.Data>>]) {
    let environment = environment(withTodos: 10_000)
    let streams = (0..<10_000).map { index in
        environment.subscribe(row(index < affected ? "todo-0" : "todo-\(index)"))
    }
    return (environment, streams)
}

/// Counts publishes across samples, so every publish really changes the text.
let publishCount = Atomic(0)

func publishChanges(_ benchmark: Benchmark, to environment: Relay.Environment) {
    for _ in benchmark.scaledIterations {
        let count = publishCount.add(1, ordering: .relaxed).newValue
        environment.commitUpdate { store, _ in store.get("todo-0")?["text"] = .string("changed \(count)") }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(3)
    )

    floorBenchmarks()

    let response = listResponse(count: 5_000)
    Benchmark("Normalize a 10,000-record response") { benchmark in
        for _ in benchmark.scaledIterations {
            let environment = Relay.Environment(network: NoNetwork())
            commit(response, TodoListQuery(), into: environment)
            blackHole(environment)
        }
    }

    // The runtime's JSON parser on the same response as the server sends it (1.1 MB of bytes).
    let responseBytes = Data(#"{"data":"#.utf8) + Data(response.stableJSON.utf8) + Data("}".utf8)
    Benchmark("Parse a 10,000-record response's JSON") { benchmark in
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try VariableValue.parse(responseBytes))
            } catch {
                fatalError("the benchmark's response is not JSON: \(error)")
            }
        }
    }

    let listEnvironment = environment(withTodos: 1_000)
    Benchmark("Read a 1,000-item list through fragments") { benchmark in
        for _ in benchmark.scaledIterations {
            guard let viewer = listEnvironment.lookup(TodoListQuery()).data?.viewer,
                let list = listEnvironment.lookup(TodoList_viewer(key: viewer)).data
            else { fatalError("the benchmark's list is missing") }
            for edge in list.todos.edges ?? [] {
                guard let node = edge?.node else { continue }
                blackHole(listEnvironment.lookup(TodoRow_todo(key: node)).data?.text)
            }
        }
    }

    let (fewAffected, fewStreams) = subscribedEnvironment(affected: 10)
    Benchmark("Publish one change, 10,000 subscriptions, 10 affected") { benchmark in
        publishChanges(benchmark, to: fewAffected)
        blackHole(fewStreams.count)
    }

    let (allAffected, allStreams) = subscribedEnvironment(affected: 10_000)
    Benchmark("Publish one change, 10,000 subscriptions, all affected") { benchmark in
        publishChanges(benchmark, to: allAffected)
        blackHole(allStreams.count)
    }

    // What a generated operation's `static let node` costs the first time it is used: the JSON
    // of the golden `TodoFeedQuery` (a paginated connection: reader, normalization, handle,
    // text) decoded into a `ConcreteRequest`.
    let nodeJSON = generatedNodeJSON(of: "TodoFeedQuery")
    Benchmark("Decode an operation's node on first use (TodoFeedQuery)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ConcreteRequest(json: nodeJSON))
        }
    }

    loadNextBenchmark(edges: 1_000)
    loadNextBenchmark(edges: 10_000)
    for inFlight in [125, 250, 500, 1_000] {
        optimisticLayersBenchmark(inFlight: inFlight)
        optimisticLayersBenchmark(inFlight: inFlight, optimistic: false)
    }
    offlineCommitBenchmark(savedToSQLite: false)
    offlineCommitBenchmark(savedToSQLite: true)
    streamingBenchmarks()
}

/// The JSON inside `ConcreteRequest(json: #"""…"""#)` of a golden operation's generated file.
func generatedNodeJSON(of operation: String) -> String {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("TodoList/expected/\(operation).graphql.swift")
    guard let text = try? String(contentsOf: file, encoding: .utf8),
        let start = text.range(of: "ConcreteRequest(json: #\"\"\"\n"),
        let end = text.range(of: "\"\"\"#)", range: start.upperBound..<text.endIndex)
    else { fatalError("no generated node in \(file.path)") }
    return text[start.upperBound..<end.lowerBound].split(separator: "\n")
        .map { $0.drop { $0 == " " } }.joined(separator: "\n")
}
