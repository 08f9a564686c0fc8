import Relay

// Server fields and client fields in one query: the server text has only the former; the
// client fields are optional and read from the store.
let todoListQuery = graphql("""
    query TodoListQuery {
      viewer {
        name
        todos {
          id
          text
          ...TodoRow_todo
        }
        draft {
          text
          priority
        }
      }
      visibilityFilter
    }
    """)
