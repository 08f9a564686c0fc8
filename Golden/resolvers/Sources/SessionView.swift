import Relay

// A query reading live resolver fields: one on the query root, one on a user.
let sessionViewQuery = graphql(
    """
    query SessionViewQuery($id: ID!) {
      unreadBadge
      user(id: $id) {
        id
        firstName
        isNearby
      }
    }
    """)
