import Relay

/// One to-do, refetchable on its own (and onto another to-do, by `id`).
private let details = graphql("""
    query TodoDetailsQuery($id: ID!) {
      node(id: $id) {
        ...TodoDetails_todo
      }
    }
    """)

private let detailsFragment = graphql("""
    fragment TodoDetails_todo on Todo @refetchable(queryName: "TodoDetailsRefetchQuery") {
      id
      text
      complete
    }
    """)
