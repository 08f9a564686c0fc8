import Relay

// A card cannot be shown without an email: reading it fails (THROW). A best friend without a
// name is no best friend, and a friend without a name is a null item of the list (NONE).
let requiredCard = graphql("""
    fragment RequiredCard_user on User {
      email @required(action: THROW)
      bestFriend {
        name @required(action: NONE)
      }
      friends {
        id
        name @required(action: NONE)
        ...RequiredFriends_users
      }
    }
    """)
