// Seeds 003/004's view, type-checked against the SwiftUI stand-in with the golden Todo case's
// generated code and its `ChangeTodoStatus.swift` (which imports Relay and RelaySwiftUI both,
// as seed 004's does).
import RelaySwiftUI
import SwiftUI

struct ToDoItem: View {
    @Fragment<ToDoItem_todo> var todo
    @Mutation<ChangeTodoStatusMutation> var changeStatus

    var body: Never { fatalError() }

    func toggle() {
        guard let todo, !changeStatus.isInFlight else { return }
        changeStatus.commit(id: todo.id, complete: !todo.complete)
    }
}

struct ToDoList: View {
    @Query<CurrentUserToDoListQuery> var list

    var body: Never { fatalError() }

    func userID() -> String? {
        guard case .success(let data) = list else { return nil }
        return data?.user?.id
    }

    func refresh() { $list?.refetch() }

    func row(for item: any ToDoItem_todo_Key) -> ToDoItem { ToDoItem(todo: Fragment(item)) }
}
