import Relay

/// Every change to a to-do, whoever made it, pushed by the server over its WebSocket: each
/// event lands in the store, so every view of the to-do's row shows it.
private let todoChanged = graphql("""
    subscription TodoChangedSubscription {
      todoChanged {
        ...ToDoItem_todo
      }
    }
    """)
