import Relay

// The list screen's query. The compiler finds this literal, checks it against
// ../schema.graphql and generates TodoListQuery in __generated__/.
private let query = graphql("""
    query TodoListQuery($first: Int = 20, $status: TodoStatus = OPEN) {
      viewer {
        id
        name
        openCount
        todos(first: $first, status: $status) {
          edges {
            cursor
            node {
              ...TodoItem_todo
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
    """)
