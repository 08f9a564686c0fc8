import Relay

/// Pages through the to-dos in both directions, open ones unless told otherwise (a variable
/// default the runtime must apply to every page); the edges' cursors are read (a client-built
/// edge has none, so `cursor` is optional here whatever the schema says). `__id` is the
/// connection's id in the store, for mutations that add to it (`@appendEdge(connections:)`).
private let pages = graphql("""
    query TodoPagesQuery($first: Int, $after: String, $last: Int, $before: String, $complete: Boolean = false) {
      viewer {
        id
        todos(first: $first, after: $after, last: $last, before: $before, complete: $complete)
          @connection(key: "TodoPages_todos") {
          __id
          edges {
            cursor
            node {
              id
              text
            }
          }
          pageInfo {
            hasNextPage
            hasPreviousPage
            startCursor
            endCursor
          }
        }
      }
    }
    """)
