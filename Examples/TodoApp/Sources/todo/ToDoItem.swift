import Relay

private let itemFragment = graphql("""
    fragment ToDoItem_todo on Todo {
      id
      text
      complete
    }
    """)

extension ToDoItem_todo.Data {
    /// `todo-1 [x] Buy milk`
    var line: String { "\(id) [\(complete ? "x" : " ")] \(text)" }
}
