import Relay

@testable import GoldenTodo

/// A to-do record of the golden `todo` case by id, as `ToDoItem_todo`'s key, for reading what the
/// store shows for it.
struct TodoRecord: ToDoItem_todo_Key, ToDoEdit_todo_Key {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var fragment_ToDoItem_todo: FragmentPointer

    init(_ id: String) { fragment_ToDoItem_todo = FragmentPointer(id: DataID(id)) }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    var fragment_ToDoEdit_todo: FragmentPointer { fragment_ToDoItem_todo }
}
