import Relay

// An assignable fragment: a record of its type, from data that spreads it, may be assigned to a
// linked field of an updatable query that spreads it too.
let profileFriend = graphql(
    """
    fragment ProfileFriend_user on User @assignable {
      __typename
    }
    """)
