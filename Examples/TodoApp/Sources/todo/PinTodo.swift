import Relay

// What `Todo.isPinned` reads of the to-do: only its id. The pins themselves are app state.
private let pinnedResolver = graphql("""
    fragment PinTodoResolver on Todo {
      id
    }
    """)

/// Whether the to-do is pinned in this app: a client-only field, live over the app's `Store`, so
/// a commit that pins or unpins it reaches every snapshot reading `isPinned` (and a commit that
/// changes anything else reads none again).
///
/// @RelayResolver Todo.isPinned: Boolean
/// @rootFragment PinTodoResolver
/// @live
func isPinned(_ todo: PinTodoResolver.Data) -> Environment.LiveState<Bool> {
    appStore.liveState { $0.pinned.contains(todo.id) }
}

/// Pins the to-do, then unpins it, printing what a subscription to its row fragment sees after
/// each commit to the app state (`pinned: todo-1 [ ] Buy milk (pinned)`).
@MainActor
func pinTodo(_ id: String) async {
    await loadList()
    guard current(id) != nil else { fail("error: no to-do with id \(id)") }
    var rows = environment.subscribe(ToDoItem_todo(key: TodoRecord(id))).makeAsyncIterator()
    guard let before = await rows.next()?.data else { fail("error: \(id) is gone") }
    print("before: \(before.line)")
    for (label, change) in [("pinned", true), ("unpinned", false)] {
        appStore.commit { state in
            if change { state.pinned.insert(id) } else { state.pinned.remove(id) }
        }
        guard let row = await rows.next()?.data else { fail("error: \(id) is gone") }
        print("\(label): \(row.line)")
    }
}
