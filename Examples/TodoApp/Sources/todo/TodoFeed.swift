import Relay

/// The to-dos a page at a time: `loadNext` fetches each page through the fragment's refetch
/// query, and `refetch` starts the feed over with another status filter.
private let feed = graphql("""
    query TodoFeedQuery($count: Int!) {
      viewer {
        id
        ...TodoFeed_user @arguments(count: $count)
      }
    }
    """)

private let feedFragment = graphql("""
    fragment TodoFeed_user on User
      @refetchable(queryName: "TodoFeedPaginationQuery")
      @argumentDefinitions(
        count: {type: "Int", defaultValue: 10}
        cursor: {type: "String"}
        status: {type: "TodoStatus", defaultValue: ALL}
      ) {
      id
      todos(first: $count, after: $cursor, status: $status) @connection(key: "TodoFeed_todos", filters: ["status"]) {
        edges {
          node {
            id
            ...ToDoItem_todo
          }
        }
      }
    }
    """)
