import Relay

/// Pages through the to-dos in both directions; the edges' cursors are read (a client-built
/// edge has none, so `cursor` is optional here whatever the schema says).
private let pages = graphql("""
    query TodoPagesQuery($first: Int, $after: String, $last: Int, $before: String) {
      viewer {
        id
        todos(first: $first, after: $after, last: $last, before: $before)
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
