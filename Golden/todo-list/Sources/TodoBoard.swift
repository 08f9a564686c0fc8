import Relay

/// One board per column: the same `todos` field under one connection key, kept apart in the
/// store by the column (`@connection(dynamicKey_UNSTABLE:)`), which the server never sees; read
/// ahead of what is shown (`prefetchable_pagination: true`).
private let board = graphql("""
    query TodoBoardQuery($column: String!) {
      viewer {
        ...TodoBoard_user
      }
    }
    """)

private let boardFragment = graphql("""
    fragment TodoBoard_user on User
      @refetchable(queryName: "TodoBoardPaginationQuery")
      @argumentDefinitions(count: {type: "Int", defaultValue: 2}, cursor: {type: "String"}) {
      todos(first: $count, after: $cursor) @connection(
        key: "TodoBoard_todos", dynamicKey_UNSTABLE: $column, prefetchable_pagination: true
      ) {
        edges {
          node {
            id
            text
          }
        }
      }
    }
    """)
