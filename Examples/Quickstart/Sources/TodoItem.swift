import Relay

// One row of the list: the fields this view reads, spread by TodoListQuery.
private let todoFragment = graphql("""
    fragment TodoItem_todo on Todo {
      id
      text
      complete
      createdAt
      tags
    }
    """)
