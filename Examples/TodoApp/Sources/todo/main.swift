import Foundation
import Relay
import RelaySwiftUI  // `Mutation`, the SwiftUI property wrapper where SwiftUI exists

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `todo list [POLICY] | invalidate ID | queue | sync | add TEXT | toggle ID | rename ID TEXT | pin ID | remove ID | pages SIZE | filter STATUS | recent COUNT |
/// overview | watch COUNT`,
/// against the server at $TODO_SERVER_URL (default http://127.0.0.1:4000/graphql), subscriptions
/// at $TODO_SERVER_WS_URL (default ws://127.0.0.1:4001/graphql); $TODO_PERSISTED_QUERIES = ids or
/// automatic sends persisted-query ids or hashes instead of texts. Exit codes: 0 done, 1 the
/// server refused or failed, 2 usage.
let usage = """
    USAGE: todo list [POLICY]       POLICY: network-only (the default), store-or-network, store-only
           todo invalidate ID      marks the to-do stale: the next store-or-network list refetches
           todo queue              the toggles waiting for the network (with $TODO_STORE)
           todo sync               sends the waiting toggles now
           todo add "text"
           todo toggle ID
           todo rename ID "text"   the new text at once (a typed @updatable updater), then the server's
           todo pin ID             pins the to-do in the app's state, then unpins it; its fragment's
                                   live field isPinned (a @live Relay Resolver) follows each commit
           todo remove ID
           todo pages SIZE         the to-dos SIZE a page (a pagination fragment's loadNext)
           todo filter STATUS      the feed refetched with status ALL, OPEN or COMPLETED
           todo recent COUNT       the newest to-dos with their dates (a plural fragment)
           todo overview           every to-do as it streams in, and a slow summary deferred
           todo watch COUNT        the next COUNT changes anyone makes, live (a subscription)
    The server is $TODO_SERVER_URL (default http://127.0.0.1:4000/graphql), its subscriptions
    $TODO_SERVER_WS_URL (default ws://127.0.0.1:4001/graphql). TODO_PERSISTED_QUERIES=ids sends
    persisted-query ids (for a server with the --persist-output manifest), =automatic sends hashes
    (automatic persisted queries). TODO_STORE=PATH keeps the store in an SQLite file across runs,
    and a toggle made while the server is down waits there until it can be sent.
    """

func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let serverURL = appStore.state.serverURL
guard let url = URL(string: serverURL), let command = arguments.first else { fail(usage, code: 2) }
let webSocketURL = ProcessInfo.processInfo.environment["TODO_SERVER_WS_URL"] ?? "ws://127.0.0.1:4001/graphql"
guard let subscriptionURL = URL(string: webSocketURL) else { fail(usage, code: 2) }
let persistedQueries: PersistedQueries =
    switch ProcessInfo.processInfo.environment["TODO_PERSISTED_QUERIES"] {
    case "ids": .ids
    case "automatic": .automatic
    default: .off
    }
/// Queries and mutations over HTTP; subscriptions over one WebSocket (graphql-transport-ws). With
/// $TODO_STORE, the store and the offline queue live in that SQLite file.
let persisted = PersistedStore.open()
let network = SplitNetwork(
    operations: HTTPNetwork(url: url, timeout: 10, persistedQueries: persistedQueries),
    subscriptions: GraphQLWebSocketNetwork(url: subscriptionURL))
let environment = Environment(network: network) {
    $0.storage = persisted.storage
    $0.onStorageFailure = { print("storage failed: \($0)") }
    $0.offlineMutations = persisted.offlineMutations
}
let store = appStore
let dispatcher = TodoListDispatcher(targetStore: store)

/// Fetches the list (from the server, or as `policy` says) and shows it through the app state.
@MainActor
func listTodos(_ policy: FetchPolicy = .networkOnly) async {
    do {
        if persisted.storage != nil { print("store: \(environment.check(TodoListQuery()).word)") }
        let data = try await environment.fetchQuery(TodoListQuery(), fetchPolicy: policy)
        let rows = (data.viewer.todos.edges).map { environment.lookup(ToDoItem_todo(key: $0.node)).data }
        dispatcher.show(rows.compactMap { $0 })
        for todo in store.state.todos { print(todo.line) }
        print("\(store.state.computed.openCount) open of \(store.state.todos.count)")
    } catch {
        fail("error: \(error)")
    }
}

/// A to-do record in the store, by id, as the key of its fragments.
struct TodoRecord: ToDoItem_todo_Key, RenameTodo_todo_Key {
    var fragment_ToDoItem_todo: FragmentPointer
    init(_ id: String) { fragment_ToDoItem_todo = FragmentPointer(id: DataID(id)) }
    var fragment_RenameTodo_todo: FragmentPointer { fragment_ToDoItem_todo }
}

/// The to-do's current data from the store.
func current(_ id: String) -> ToDoItem_todo.Data? {
    environment.lookup(ToDoItem_todo(key: TodoRecord(id))).data
}

@MainActor
func toggleTodo(_ id: String) async {
    // With a persisted store, what it has will do (offline too).
    await loadList(persisted.storage == nil ? .networkOnly : .storeOrNetwork)
    guard let before = current(id) else { fail("error: no to-do with id \(id)") }
    let changeStatus = Mutation<ChangeTodoStatusMutation>(environment: environment)
    changeStatus.wrappedValue.commit(id: id, complete: !before.complete)
    // The optimistic response is in the store at once, while the request is in flight.
    if let optimistic = current(id), changeStatus.isInFlight {
        print("optimistic: \(optimistic.line)")
    }
    while changeStatus.isInFlight && environment.mutationQueue.mutations.isEmpty {
        try? await Task.sleep(for: .milliseconds(10))
    }
    if changeStatus.isInFlight, let shown = current(id) {
        // The server could not be reached: the change waits in the saved queue.
        print("queued: \(shown.line)")
        return
    }
    guard let after = current(id) else { fail("error: \(id) is gone") }
    if after.complete == before.complete {
        print("rolled back: \(after.line)")
        fail("error: the server did not change \(id)")
    }
    print("server: \(after.line)")
}

@MainActor
func addTodo(_ text: String) async {
    do {
        let data = try await environment.commitMutation(AddTodoMutation(variables: .init(input: .init(text: text))))
        guard let todo = environment.lookup(ToDoItem_todo(key: data.addTodo.todoEdge.node)).data else {
            fail("error: the server's answer is missing the new to-do")
        }
        print("added: \(todo.line)")
    } catch {
        fail("error: \(error)")
    }
}

@MainActor
func removeTodo(_ id: String) async {
    do {
        let data = try await environment.commitMutation(RemoveTodoMutation(variables: .init(input: .init(id: id))))
        print("removed: \(data.removeTodo.deletedTodoId); \(data.removeTodo.user.openCount) open")
    } catch {
        fail("error: \(error)")
    }
}

/// Loads the list into the store without printing it.
@MainActor
func loadList(_ policy: FetchPolicy = .networkOnly) async {
    do {
        _ = try await environment.fetchQuery(TodoListQuery(), fetchPolicy: policy)
    } catch {
        fail("error: \(error)")
    }
}

/// The ids of the feed's to-dos as the store has them now (a page reaches the observed
/// fragment's `data` through its store subscription, so read the store directly here).
@MainActor
func feedIDs(_ feed: ObservedPaginationFragment<TodoFeed_user>) -> String {
    (environment.lookup(feed.fragment).data?.todos.map(\.id) ?? []).joined(separator: " ")
}

/// Loads the first page of `size` to-dos, then `loadNext(size)` while the connection has more,
/// printing the whole list after each page.
@MainActor
func pageTodos(_ size: Int) async {
    do {
        let data = try await environment.fetchQuery(TodoFeedQuery(count: size), fetchPolicy: .networkOnly)
        let feed = ObservedPaginationFragment<TodoFeed_user>(environment: environment, key: data.viewer)
        var pages = 1
        print("page 1: \(feedIDs(feed))")
        while feed.hasNext {
            try await feed.loadNext(size)
            pages += 1
            print("page \(pages): \(feedIDs(feed))")
        }
        print("\(environment.lookup(feed.fragment).data?.todos.count ?? 0) to-dos in \(pages) pages")
    } catch {
        fail("error: \(error)")
    }
}

/// Loads the feed, then refetches it with a status filter, as a filter control would.
@MainActor
func filterTodos(_ status: TodoStatus) async {
    do {
        let data = try await environment.fetchQuery(TodoFeedQuery(count: 100), fetchPolicy: .networkOnly)
        let feed = ObservedPaginationFragment<TodoFeed_user>(environment: environment, key: data.viewer)
        try await feed.refetch(variables: ["status": status.variableValue], fetchPolicy: .networkOnly)
        let todos = feed.data?.todos.map { environment.lookup(ToDoItem_todo(key: $0)).data } ?? []
        for todo in todos.compactMap({ $0 }) { print(todo.line) }
        print("\(todos.count) \(status.rawValue.lowercased())")
    } catch {
        fail("error: \(error)")
    }
}

/// The newest `count` to-dos through the plural fragment, with their `Date`s.
@MainActor
func recentTodos(_ count: Int) async {
    do {
        let data = try await environment.fetchQuery(RecentTodosQuery(count: count), fetchPolicy: .networkOnly)
        let recent = ObservedPluralFragment<RecentTodos_todos>(environment: environment, keys: data.viewer.recent)
        let items = recent.data ?? []
        for item in items { print(item.line) }
        if let newest = items.first, let oldest = items.last {
            print("span: \(Int(newest.createdAt.timeIntervalSince(oldest.createdAt) / 60)) minutes")
        }
    } catch {
        fail("error: \(error)")
    }
}

/// Prints what each payload of the overview adds, numbered: the list's new items as they stream
/// in, and the summary once its deferred part lands (`payload 1: item todo-1`, …).
@MainActor
func overviewTodos() async {
    do {
        var payloads = 0
        var shown = 0
        var summaryShown = false
        for try await data in environment.execute(OverviewQuery()) {
            payloads += 1
            let todos = data.viewer.allTodos
            for todo in todos.dropFirst(shown) { print("payload \(payloads): item \(todo.id) \(todo.text)") }
            shown = max(shown, todos.count)
            if !summaryShown, let key = data.viewer.OverviewSummary_user,
                let summary = environment.lookup(OverviewSummary_user(key: key)).data?.summary
            {
                print("payload \(payloads): summary \(summary)")
                summaryShown = true
            }
        }
        print("overview: \(shown) items and \(summaryShown ? "the" : "no") summary in \(payloads) payloads")
    } catch {
        fail("error: \(error)")
    }
}

/// Shows the to-dos, then each change the server pushes, as the to-do's row reads it from the
/// store (`live: todo-1 [x] Buy milk`), until `count` changes.
@MainActor
func watchTodos(_ count: Int) async {
    await listTodos()
    var changes = 0
    do {
        for try await event in environment.requestSubscription(TodoChangedSubscription()) {
            guard let row = environment.lookup(ToDoItem_todo(key: event.todoChanged)).data else { continue }
            print("live: \(row.line)")
            changes += 1
            if changes == count { return }
        }
        fail("error: the server ended the subscription")
    } catch {
        fail("error: \(error)")
    }
}

switch (command, arguments.count) {
case ("list", 1): await listTodos()
case ("list", 2):
    guard let policy = FetchPolicy(argument: arguments[1]) else { fail(usage, code: 2) }
    await listTodos(policy)
case ("invalidate", 2): invalidateTodo(arguments[1])
case ("queue", 1): showQueue()
case ("sync", 1): await sendQueue()
case ("add", 2): await addTodo(arguments[1])
case ("toggle", 2): await toggleTodo(arguments[1])
case ("rename", 3): await renameTodo(arguments[1], to: arguments[2])
case ("pin", 2): await pinTodo(arguments[1])
case ("remove", 2): await removeTodo(arguments[1])
case ("pages", 2):
    guard let size = Int(arguments[1]), size > 0 else { fail(usage, code: 2) }
    await pageTodos(size)
case ("filter", 2):
    guard let status = TodoStatus(rawValue: arguments[1].uppercased()) else { fail(usage, code: 2) }
    await filterTodos(status)
case ("recent", 2):
    guard let count = Int(arguments[1]), count > 0 else { fail(usage, code: 2) }
    await recentTodos(count)
case ("overview", 1): await overviewTodos()
case ("watch", 2):
    guard let count = Int(arguments[1]), count > 0 else { fail(usage, code: 2) }
    await watchTodos(count)
default: fail(usage, code: 2)
}
