import Relay

// The fragment ToDoItem_todo is defined in GraphQL/ToDoItem.graphql.

extension ToDoItem_todo.Data {
    /// `todo-1 [x] Buy milk`, and ` (pinned)` after a to-do pinned in this app.
    var line: String { "\(id) [\(complete ? "x" : " ")] \(text)" + (isPinned == true ? " (pinned)" : "") }
}
