import Relay

// The operations and fragments the docs' snippets use without defining them.
private let feedQuery = graphql(
    """
    query TodoFeedQuery {
      viewer {
        ...TodoFeed_user
      }
    }
    """)

private let feedFragment = graphql(
    """
    fragment TodoFeed_user on User
      @refetchable(queryName: "TodoFeedPaginationQuery")
      @argumentDefinitions(
        count: {type: "Int", defaultValue: 10}
        cursor: {type: "String"}
        complete: {type: "Boolean", defaultValue: false}
      ) {
      todos(first: $count, after: $cursor, complete: $complete) @connection(key: "TodoFeed_todos", filters: ["complete"]) {
        edges {
          node {
            id
            text
          }
        }
      }
    }
    """)
