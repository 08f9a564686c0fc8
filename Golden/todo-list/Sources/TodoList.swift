import Relay

private let query = graphql("""
    query TodoListQuery {
      viewer {
        id
        openCount
        ...TodoList_viewer
      }
    }
    """)

private let listFragment = graphql("""
    fragment TodoList_viewer on User {
      todos(first: 50) @connection(key: "TodoList_todos") {
        edges {
          node {
            id
            ...TodoRow_todo
          }
        }
      }
    }
    """)
