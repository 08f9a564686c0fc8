import Relay

/// One to-do, refetchable on its own (and onto another to-do, by `id`). `node` may be any
/// record, so the spread is aliased: `todo` is nil when the id is not a to-do's.
private let details = graphql("""
    query TodoDetailsQuery($id: ID!) {
      node(id: $id) {
        ...TodoDetails_todo @alias(as: "todo")
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
