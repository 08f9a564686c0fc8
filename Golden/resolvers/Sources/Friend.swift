import Relay

// A client edge: `bestFriend` is read from the record its resolver names.
let friendQuery = graphql(
    """
    query FriendQuery($id: ID!) {
      user(id: $id) {
        id
        firstName
        bestFriend @waterfall {
          firstName
          city {
            name
          }
        }
      }
    }
    """)
