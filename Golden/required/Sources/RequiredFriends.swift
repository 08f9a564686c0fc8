import Relay

// A plural fragment: a friend without a name is left out of the list (NONE).
let requiredFriends = graphql("""
    fragment RequiredFriends_users on User @relay(plural: true) {
      id
      name @required(action: NONE)
    }
    """)
