import Relay

// A typed updater's view of a to-do: `store.readUpdatableFragment(ToDoEdit_todo(key:))` in an
// (optimistic) updater sets `complete` as a Swift property.
let toDoEdit = graphql("""
    fragment ToDoEdit_todo on Todo @updatable {
      complete
    }
    """)
