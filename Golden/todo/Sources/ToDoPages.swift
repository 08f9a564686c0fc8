import Relay

/// The to-do list a page at a time: `loadNext` fetches each page with the fragment's refetch
/// query.
private let pagesQuery = graphql("""
    query ToDoPagesQuery {
      user(id: "me") {
        ...ToDoPages_user
      }
    }
    """)

private let pagesFragment = graphql("""
    fragment ToDoPages_user on User
      @refetchable(queryName: "ToDoPagesPaginationQuery")
      @argumentDefinitions(count: {type: "Int", defaultValue: 2}, cursor: {type: "String"}) {
      todos(first: $count, after: $cursor) @connection(key: "ToDoPages_todos") {
        edges {
          node {
            id
            ...ToDoItem_todo
          }
        }
      }
    }
    """)
