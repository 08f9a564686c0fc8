import Relay

private let listFragment = graphql(
    """
    fragment TodoList_viewer on User {
      name
      todos(first: 10) {
        edges {
          node {
            text
            complete
          }
        }
      }
    }
    """)

private let listQuery = graphql(
    """
    query TodoListQuery {
      viewer {
        ...TodoList_viewer
      }
    }
    """)
