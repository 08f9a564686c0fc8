import Relay

private let query = graphql("""
    query ToDoListQuery($first: Int = 100) {
      viewer {
        id
        todos(first: $first) @connection(key: "ToDoList_todos") {
          edges {
            node {
              id
              ...ToDoItem_todo
            }
          }
        }
      }
    }
    """)
