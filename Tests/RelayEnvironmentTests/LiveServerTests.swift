import Foundation
import GoldenLive
@_spi(RelayGenerated) import Relay
import Testing

/// Subscriptions over WebSocket (graphql-transport-ws) and Server-Sent Events, and `@defer` /
/// `@stream`, end to end against the TodoApp example's real server (`LiveTodoServer`), with the
/// faults a real connection has: a killed server, a malformed message, a server that never
/// acknowledges, an error for one subscription. Nothing here measures time: waits are bounded
/// only so that a broken run fails instead of hanging.
@Suite(.serialized, .enabled(if: LiveTodoServer.python != nil, LiveTodoServer.skipReason), .timeLimit(.minutes(2)))
struct LiveServerTests {
    let server: LiveTodoServer

    init() throws {
        server = try LiveTodoServer()
    }

    /// Queries and mutations over HTTP, subscriptions over a WebSocket.
    func webSocketEnvironment(_ configure: (inout GraphQLWebSocketNetwork.Configuration) -> Void = { _ in })
        -> (Environment, GraphQLWebSocketNetwork)
    {
        var configuration = GraphQLWebSocketNetwork.Configuration(url: server.webSocketURL, retryDelay: { _ in 0.1 })
        configure(&configuration)
        let subscriptions = GraphQLWebSocketNetwork(configuration: configuration)
        let network = SplitNetwork(
            operations: LoopbackRetryingNetwork(base: HTTPNetwork(url: server.url)), subscriptions: subscriptions)
        return (Environment(network: network), subscriptions)
    }

    /// Adds a to-do through the environment, so the store has it; its id and fragment key.
    func addTodo(_ text: String, in environment: Environment) async throws -> (String, LiveTodoRow_todo_Key) {
        let data = try await environment.commitMutation(LiveAddTodoMutation(input: .init(text: text)))
        let node = data.addTodo.todoEdge.node
        let id = try #require(environment.lookup(LiveTodoRow_todo(key: node)).data?.id)
        return (id, node)
    }

    // MARK: WebSocket

    @Test func aHundredServerPushedEventsArriveInOrderEachVisibleInTheFragment() async throws {
        let (environment, _) = webSocketEnvironment()
        let (id, key) = try await addTodo("step 0", in: environment)
        var rows = environment.subscribe(LiveTodoRow_todo(key: key)).makeAsyncIterator()
        #expect(await rows.next()?.data?.text == "step 0")
        var events = environment.requestSubscription(LiveTodoChangedSubscription(id: id)).makeAsyncIterator()
        try await server.waitFor(subscriptions: 1, sockets: 1)
        // One push at a time, so that no change can hide another in the fragment's snapshots.
        for step in 1...100 {
            try await server.rename(id, "step \(step)")
            let event = try #require(try await events.next())
            #expect(event.todoChanged.id == id && event.todoChanged.text == "step \(step)")
            #expect(await rows.next()?.data?.text == "step \(step)")
        }
        #expect(environment.lookup(LiveTodoRow_todo(key: key)).data?.text == "step 100")
    }

    @Test func tenSubscriptionsShareOneSocketAndEachGetsItsOwnEvents() async throws {
        let (environment, network) = webSocketEnvironment()
        var todos: [(String, LiveTodoRow_todo_Key)] = []
        for index in 0..<10 { todos.append(try await addTodo("todo \(index)", in: environment)) }
        var streams = todos.map {
            environment.requestSubscription(LiveTodoChangedSubscription(id: $0.0)).makeAsyncIterator()
        }
        try await server.waitFor(subscriptions: 10, sockets: 1)
        #expect(await network.activeOperationCount() == 10)
        for (index, todo) in todos.enumerated().reversed() { try await server.rename(todo.0, "renamed \(index)") }
        for index in streams.indices {
            let event = try #require(try await streams[index].next())
            #expect(event.todoChanged.id == todos[index].0)
            #expect(environment.lookup(LiveTodoRow_todo(key: todos[index].1)).data?.text == "renamed \(index)")
        }
    }

    @Test func aKilledServerIsATypedErrorAndTheSubscriptionGoesOnOnceItIsBack() async throws {
        let (environment, network) = webSocketEnvironment { $0.retryAttempts = 1000 }
        let (id, key) = try await addTodo("before", in: environment)
        var connection = await network.connectionEvents().makeAsyncIterator()
        var events = environment.requestSubscription(LiveTodoChangedSubscription(id: id)).makeAsyncIterator()
        #expect(await connection.next() == .connecting(attempt: 1))
        #expect(await connection.next() == .connected)
        try await server.waitFor(subscriptions: 1)
        try await server.rename(id, "first")
        _ = try await events.next()

        server.kill()
        let lost = await connection.next()
        guard case .disconnected(.connectionLost(code: nil, _))? = lost else {
            Issue.record("expected the connection lost without a close frame, got \(String(describing: lost))")
            return
        }
        try server.start()
        while let event = await connection.next(), event != .connected {}
        try await server.waitFor(subscriptions: 1, sockets: 1)
        try await server.rename(id, "after the restart")
        let event = try #require(try await events.next())
        #expect(event.todoChanged.id == id)
        #expect(environment.lookup(LiveTodoRow_todo(key: key)).data?.text == "after the restart")
    }

    @Test func withoutRetriesAKilledServerFailsTheSubscriptionAndANewOneWorksOnceItIsBack() async throws {
        let (environment, _) = webSocketEnvironment { $0.retryAttempts = 0 }
        let (id, _) = try await addTodo("before", in: environment)
        var events = environment.requestSubscription(LiveTodoChangedSubscription(id: id)).makeAsyncIterator()
        try await server.waitFor(subscriptions: 1)
        server.kill()
        await #expect {
            _ = try await events.next()
        } throws: { error in
            guard case .connectionLost(code: nil, _)? = error as? GraphQLWebSocketNetwork.ConnectionError else {
                return false
            }
            return true
        }
        try server.start()
        var again = environment.requestSubscription(LiveTodoChangedSubscription(id: id)).makeAsyncIterator()
        try await server.waitFor(subscriptions: 1)
        try await server.rename(id, "back")
        #expect(try await again.next()?.todoChanged.id == id)
    }

    @Test func anErrorForOneSubscriptionLeavesTheOthersRunning() async throws {
        let (environment, _) = webSocketEnvironment()
        let (id, key) = try await addTodo("kept", in: environment)
        var good = environment.requestSubscription(LiveTodoChangedSubscription(id: id)).makeAsyncIterator()
        var bad = environment.requestSubscription(LiveTodoChangedSubscription(id: "todo-404")).makeAsyncIterator()
        await #expect {
            _ = try await bad.next()
        } throws: { error in
            guard case .graphQL(let errors)? = error as? RelayError else { return false }
            return errors.map(\.message) == ["no to-do with id todo-404"]
        }
        try await server.waitFor(subscriptions: 1)
        try await server.rename(id, "still here")
        #expect(try await good.next()?.todoChanged.id == id)
        #expect(environment.lookup(LiveTodoRow_todo(key: key)).data?.text == "still here")
    }

    @Test func aMalformedPayloadFailsItsSubscriptionOnlyAndLeavesTheStoreAsItWas() async throws {
        let (environment, _) = webSocketEnvironment()
        let (broken, brokenKey) = try await addTodo("broken", in: environment)
        let (kept, keptKey) = try await addTodo("kept", in: environment)
        var brokenEvents = environment.requestSubscription(LiveTodoChangedSubscription(id: broken))
            .makeAsyncIterator()
        var keptEvents = environment.requestSubscription(LiveTodoChangedSubscription(id: kept)).makeAsyncIterator()
        try await server.waitFor(subscriptions: 2, sockets: 1)
        try await server.post("/control", ["malformedFor": broken])
        try await server.rename(broken, "never seen")
        await #expect {
            _ = try await brokenEvents.next()
        } throws: { error in
            guard case .invalidResponse? = error as? RelayError else { return false }
            return true
        }
        try await server.rename(kept, "seen")
        #expect(try await keptEvents.next()?.todoChanged.id == kept)
        #expect(environment.lookup(LiveTodoRow_todo(key: keptKey)).data?.text == "seen")
        // Nothing of the malformed message was written (the record may have been collected since
        // no operation retains it any more).
        #expect(environment.lookup(LiveTodoRow_todo(key: brokenKey)).data?.text != "never seen")
    }

    @Test func aMessageThatIsNotJSONReopensTheSocketAndSubscriptionsGoOn() async throws {
        let (environment, network) = webSocketEnvironment()
        let (id, _) = try await addTodo("before", in: environment)
        var connection = await network.connectionEvents().makeAsyncIterator()
        var events = environment.requestSubscription(LiveTodoChangedSubscription(id: id)).makeAsyncIterator()
        while let event = await connection.next(), event != .connected {}
        try await server.waitFor(subscriptions: 1)
        try await server.post("/control", ["sendGarbage": true])
        let lost = await connection.next()
        guard case .disconnected(.protocolViolation)? = lost else {
            Issue.record("expected a protocol violation, got \(String(describing: lost))")
            return
        }
        while let event = await connection.next(), event != .connected {}
        try await server.waitFor(subscriptions: 1, sockets: 1)
        try await server.rename(id, "after")
        #expect(try await events.next()?.todoChanged.id == id)
    }

    @Test func socketsTheServerDropsAreOpenedAgainWithEverySubscription() async throws {
        let (environment, network) = webSocketEnvironment()
        let (first, _) = try await addTodo("first", in: environment)
        let (second, _) = try await addTodo("second", in: environment)
        var connection = await network.connectionEvents().makeAsyncIterator()
        var firstEvents = environment.requestSubscription(LiveTodoChangedSubscription(id: first)).makeAsyncIterator()
        var secondEvents = environment.requestSubscription(LiveTodoChangedSubscription(id: second))
            .makeAsyncIterator()
        try await server.waitFor(subscriptions: 2, sockets: 1)
        try await server.post("/control", ["closeSockets": true])
        while let event = await connection.next() {
            if case .disconnected(let error) = event {
                guard case .connectionLost(code: nil, _)? = error else {
                    Issue.record("expected a dropped connection, got \(String(describing: error))")
                    return
                }
                break
            }
        }
        while let event = await connection.next(), event != .connected {}
        try await server.waitFor(subscriptions: 2, sockets: 1)
        try await server.rename(second, "second again")
        try await server.rename(first, "first again")
        #expect(try await firstEvents.next()?.todoChanged.text == "first again")
        #expect(try await secondEvents.next()?.todoChanged.text == "second again")
        #expect(await network.activeOperationCount() == 2)
    }

    @Test func aServerThatNeverAcknowledgesFailsTheSubscriptionWithATimeout() async throws {
        let (environment, _) = webSocketEnvironment {
            $0.acknowledgementTimeout = 0.3
            $0.retryAttempts = 1
        }
        try await server.post("/control", ["ackConnections": false])
        var events = environment.requestSubscription(LiveTodoChangedSubscription()).makeAsyncIterator()
        await #expect(throws: GraphQLWebSocketNetwork.ConnectionError.acknowledgementTimeout(0.3)) {
            _ = try await events.next()
        }
        try await server.waitFor(subscriptions: 0, sockets: 0)
    }

    @Test func aDroppedConsumerUnsubscribesAndTheLastOneClosesTheSocket() async throws {
        let (environment, network) = webSocketEnvironment()
        let first = environment.requestSubscription(LiveTodoAddedSubscription(), onNext: { _ in })
        let second = Task {
            for try await _ in environment.requestSubscription(LiveTodoChangedSubscription()) {}
        }
        try await server.waitFor(subscriptions: 2, sockets: 1)
        first.dispose()
        try await server.waitFor(subscriptions: 1, sockets: 1)
        second.cancel()
        try await server.waitFor(subscriptions: 0, sockets: 0)
        #expect(await network.activeOperationCount() == 0)
    }

    /// Foundation's `URLSessionWebSocketTask` (`GraphQLWebSocketNetwork.Client.foundation`, what `wss://` uses)
    /// works where URLSession has WebSockets. On Linux that depends on libcurl; where it has
    /// none, the subscription fails with a typed error naming it (no hang, no crash).
    @Test func foundationsWebSocketTaskWorksOrFailsWithATypedError() async throws {
        let (environment, _) = webSocketEnvironment {
            $0.client = .foundation
            $0.retryAttempts = 0
        }
        let (id, _) = try await addTodo("before", in: environment)
        var events = environment.requestSubscription(LiveTodoChangedSubscription(id: id)).makeAsyncIterator()
        let server = server
        let failed = Counter()
        let pusher = Task {
            try await server.waitFor(subscriptions: 1, unless: { failed.value > 0 })
            if failed.value == 0 { try await server.rename(id, "through Foundation") }
        }
        do {
            #expect(try await events.next()?.todoChanged.text == "through Foundation")
            try await pusher.value
        } catch GraphQLWebSocketNetwork.ConnectionError.connectionFailed(let message) {
            failed.increment()
            try await pusher.value
            #if canImport(Darwin)
                Issue.record("URLSessionWebSocketTask failed: \(message)")
            #else
                #expect(message.contains("libcurl"), "\(message)")
            #endif
        }
    }

    // MARK: Server-Sent Events

    @Test func subscriptionEventsOverServerSentEventsArriveInOrder() async throws {
        let network = SplitNetwork(
            operations: HTTPNetwork(url: server.url), subscriptions: ServerSentEventsNetwork(url: server.streamURL))
        let environment = Environment(network: network)
        let (id, key) = try await addTodo("step 0", in: environment)
        var rows = environment.subscribe(LiveTodoRow_todo(key: key)).makeAsyncIterator()
        _ = await rows.next()
        var events = environment.requestSubscription(LiveTodoChangedSubscription(id: id)).makeAsyncIterator()
        try await server.waitFor(subscriptions: 1)
        // Pushed all at once: the events keep their order; the fragment's snapshots may skip
        // steps (a slow reader sees the newest), never go back.
        for step in 1...20 { try await server.rename(id, "step \(step)") }
        for step in 1...20 { #expect(try await events.next()?.todoChanged.text == "step \(step)") }
        var seen: [Int] = []
        while let text = await rows.next()?.data?.text, let step = Int(text.dropFirst("step ".count)) {
            seen.append(step)
            if step == 20 { break }
        }
        #expect(seen == seen.sorted() && seen.last == 20, "\(seen)")
    }

    @Test func aKilledServerEndsAnEventStreamWithATransportError() async throws {
        let environment = Environment(network: ServerSentEventsNetwork(url: server.streamURL))
        var events = environment.requestSubscription(LiveTodoAddedSubscription()).makeAsyncIterator()
        try await server.waitFor(subscriptions: 1)
        server.kill()
        await #expect {
            _ = try await events.next()
        } throws: { error in
            guard case .transport? = error as? RelayError else { return false }
            return true
        }
    }

    @Test func aStoppedEventStreamEndsTheSubscriptionOnTheServer() async throws {
        let environment = Environment(network: ServerSentEventsNetwork(url: server.streamURL))
        let task = Task { for try await _ in environment.requestSubscription(LiveTodoAddedSubscription()) {} }
        try await server.waitFor(subscriptions: 1)
        task.cancel()
        try await server.waitFor(subscriptions: 0)
    }

    // MARK: Persisted queries

    @Test func automaticPersistedQueriesSendTheTextOnceAndThenOnlyTheHash() async throws {
        let environment = Environment(network: HTTPNetwork(url: server.url, persistedQueries: .automatic))
        let first = try await environment.commitMutation(LiveAddTodoMutation(input: .init(text: "one")))
        #expect(
            try await server.persistedQueryCounts() == [
                "byId": 0, "byHash": 0, "notFound": 1, "registered": 1, "text": 0, "persisted": 0,
            ])
        let second = try await environment.commitMutation(LiveAddTodoMutation(input: .init(text: "two")))
        #expect(
            try await server.persistedQueryCounts() == [
                "byId": 0, "byHash": 1, "notFound": 1, "registered": 1, "text": 0, "persisted": 0,
            ])
        let texts = [first.addTodo.todoEdge.node, second.addTodo.todoEdge.node].map {
            environment.lookup(LiveTodoRow_todo(key: $0)).data?.text
        }
        #expect(texts == ["one", "two"])
    }

    /// A server that has the operations' manifest and refuses any other: `.ids` sends no text.
    @Test func persistedIDsWorkAgainstAServerThatRunsOnlyItsManifest() async throws {
        let operations = [LiveAddTodoMutation.node.params, LiveRenameTodoMutation.node.params]
        var manifest: [String: String] = [:]
        for params in operations { manifest[try #require(params.id)] = params.text }
        let server = try LiveTodoServer(
            arguments: ["--persisted-queries", "{folder}/persisted.json", "--persisted-only"],
            files: ["persisted.json": try JSONSerialization.data(withJSONObject: manifest)])
        let environment = Environment(network: HTTPNetwork(url: server.url, persistedQueries: .ids))
        let (id, key) = try await addTodo("by id", in: environment)
        _ = try await environment.commitMutation(LiveRenameTodoMutation(input: .init(id: id, text: "renamed by id")))
        #expect(environment.lookup(LiveTodoRow_todo(key: key)).data?.text == "renamed by id")
        #expect(try await server.persistedQueryCounts()["byId"] == 2)
        #expect(try await server.persistedQueryCounts()["text"] == 0)

        let sendsText = Environment(network: HTTPNetwork(url: server.url))
        await #expect(throws: RelayError.graphQL([GraphQLError(message: "this server runs persisted queries only")])) {
            _ = try await sendsText.commitMutation(LiveAddTodoMutation(input: .init(text: "as text")))
        }
    }

    /// The same option on the streaming transports: over Server-Sent Events, `.ids` sends no
    /// text either, and `.automatic` sends the hash with the text (the server learns it).
    @Test func persistedQueriesOverServerSentEvents() async throws {
        let manifest = [
            try #require(LiveAddTodoMutation.node.params.id): try #require(LiveAddTodoMutation.node.params.text)
        ]
        let server = try LiveTodoServer(
            arguments: ["--persisted-queries", "{folder}/persisted.json", "--persisted-only"],
            files: ["persisted.json": try JSONSerialization.data(withJSONObject: manifest)])
        let byID = Environment(network: ServerSentEventsNetwork(url: server.streamURL, persistedQueries: .ids))
        _ = try await addTodo("by id over events", in: byID)
        #expect(try await server.persistedQueryCounts()["byId"] == 1)
        #expect(try await server.persistedQueryCounts()["text"] == 0)

        let open = try LiveTodoServer()
        let automatic = Environment(network: ServerSentEventsNetwork(url: open.streamURL, persistedQueries: .automatic))
        _ = try await addTodo("by hash over events", in: automatic)
        #expect(try await open.persistedQueryCounts()["registered"] == 1)
    }

    // MARK: @defer and @stream

    /// Over HTTP (multipart/mixed), Server-Sent Events and the WebSocket, the overview's first
    /// data has the first streamed to-do and no summary; the list grows one to-do a payload, and
    /// the summary arrives in a later one.
    @Test(arguments: ["http", "sse", "websocket"])
    func deferAndStreamArriveIncrementally(transport: String) async throws {
        let network: any Network =
            switch transport {
            case "sse": ServerSentEventsNetwork(url: server.streamURL)
            case "websocket": GraphQLWebSocketNetwork(url: server.webSocketURL)
            default: HTTPNetwork(url: server.url)
            }
        for index in 1...4 { _ = try await server.addTodo("todo \(index)") }
        let environment = Environment(network: network)
        var payloads: [LiveOverviewQuery.Data] = []
        for try await data in environment.execute(LiveOverviewQuery()) { payloads.append(data) }
        let first = try #require(payloads.first)
        #expect(first.viewer.allTodos.count == 1)
        #expect(first.viewer.LiveSummary_user == nil)
        let counts = payloads.map(\.viewer.allTodos.count)
        #expect(counts == counts.sorted() && counts.last == 4, "the list only grows: \(counts)")
        let summaryKey = try #require(payloads.last?.viewer.LiveSummary_user)
        #expect(environment.lookup(LiveSummary_user(key: summaryKey)).data?.summary == "0 of 4 done")
        #expect(payloads.count >= 3)
    }
}
