import Foundation
import Relay

/// The app's own state (seeds 000–002): what the last listing showed, changed only by commits,
/// with a memoized count of open to-dos, and the to-dos pinned in this app (which the server never
/// sees; GraphQL reads them through the live resolver `Todo.isPinned`).
struct AppState: ExtendedStateType {
    var todos: [ToDoItem_todo.Data] = []
    var serverURL = ""
    var pinned: Set<String> = []

    struct Extended: ExtendedType {
        static let instance = Extended()

        let openCount = Field.Computed<Int> { $0.todos.count { !$0.complete } }
            .dropsInput { $0.noChanges(\.todos) }
    }
}

final class AppStore: Store<AppState, Never>, @unchecked Sendable {
    init(serverURL: String) {
        super.init(initialState: AppState(serverURL: serverURL))
    }
}

/// The app's state store, which `main` and the live resolvers share.
let appStore = AppStore(
    serverURL: ProcessInfo.processInfo.environment["TODO_SERVER_URL"] ?? "http://127.0.0.1:4000/graphql")

/// Puts what the server returned into the app state, from outside the store (seed 001).
final class TodoListDispatcher: AppStore.Dispatcher, @unchecked Sendable {
    func show(_ todos: [ToDoItem_todo.Data]) {
        commit { $0.todos = todos }
    }
}
