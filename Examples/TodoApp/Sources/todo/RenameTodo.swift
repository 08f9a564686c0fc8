import Relay

private let renameMutation = graphql("""
    mutation RenameTodoMutation($input: RenameTodoInput!) {
      renameTodo(input: $input) {
        todo {
          id
          text
        }
      }
    }
    """)

// A typed updater's view of a to-do: the optimistic updater assigns `text` as a Swift property
// (Relay's `readUpdatableFragment`), where a misspelled field or a non-String value would not
// compile.
private let renameEdit = graphql("""
    fragment RenameTodo_todo on Todo @updatable {
      text
    }
    """)

/// Renames a to-do: the new text shows at once (an optimistic updater through `RenameTodo_todo`),
/// then the server's answer; a refused rename rolls the text back.
@MainActor
func renameTodo(_ id: String, to text: String) async {
    await loadList()
    guard current(id) != nil else { fail("error: no to-do with id \(id)") }
    let result: Result<RenameTodoMutation.Data, Error> = await withCheckedContinuation { continuation in
        environment.commitMutation(
            RenameTodoMutation(input: .init(id: id, text: text)),
            optimisticUpdater: { store, _ in
                store.readUpdatableFragment(RenameTodo_todo(key: TodoRecord(id)))?.text = text
            },
            completion: { continuation.resume(returning: $0) })
        // The optimistic layer is in the store at once, while the request is in flight.
        if let optimistic = current(id) { print("optimistic: \(optimistic.line)") }
    }
    guard let after = current(id) else { fail("error: \(id) is gone") }
    if case .failure = result {
        print("rolled back: \(after.line)")
        fail("error: the server did not rename \(id)")
    }
    print("server: \(after.line)")
}
