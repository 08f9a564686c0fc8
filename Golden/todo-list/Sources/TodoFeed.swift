import Relay

/// A to-do feed paged with `loadNext` / `loadPrevious`: the fragment's refetch query fetches
/// each page, and `refetch` starts the feed over with another filter.
private let feed = graphql("""
    query TodoFeedQuery {
      viewer {
        ...TodoFeed_user
      }
    }
    """)

private let feedFragment = graphql("""
    fragment TodoFeed_user on User
      @refetchable(queryName: "TodoFeedPaginationQuery")
      @argumentDefinitions(
        count: {type: "Int", defaultValue: 2}
        cursor: {type: "String"}
        last: {type: "Int"}
        before: {type: "String"}
        complete: {type: "Boolean", defaultValue: false}
      ) {
      id
      openCount
      todos(first: $count, after: $cursor, last: $last, before: $before, complete: $complete)
        @connection(key: "TodoFeed_todos", filters: ["complete"]) {
        edges {
          node {
            id
            text
          }
        }
      }
    }
    """)
