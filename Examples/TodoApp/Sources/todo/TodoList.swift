import Relay

private let query = graphql("""
    query TodoListQuery {
      viewer {
        id
        openCount
        todos(first: 100) {
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
