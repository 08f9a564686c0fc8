import Relay

/// Pages through the to-dos in both directions, open ones unless told otherwise (a variable
/// default the runtime must apply to every page); the edges' cursors are read (a client-built
/// edge has none, so `cursor` is optional here whatever the schema says).
private let pages = graphql("""
    query TodoPagesQuery($first: Int, $after: String, $last: Int, $before: String, $complete: Boolean = false) {
      viewer {
        id
        todos(first: $first, after: $after, last: $last, before: $before, complete: $complete)
          @connection(key: "TodoPages_todos") {
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
