import Relay

private let itemFragment = graphql("""
    fragment ToDoItem_todo on Todo {
      id
      text
      complete
      isPinned
    }
    """)

extension ToDoItem_todo.Data {
    /// `todo-1 [x] Buy milk`, and ` (pinned)` after a to-do pinned in this app.
    var line: String { "\(id) [\(complete ? "x" : " ")] \(text)" + (isPinned == true ? " (pinned)" : "") }
}
