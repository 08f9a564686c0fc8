import Relay

private let userListFragment = graphql(
    """
    fragment ToDoList_user on User {
      todos(first: 10) {
        edges {
          node {
            text
          }
        }
      }
    }
    """)
