import Relay

// A masked fragment may spread an `@inline` one too: its own data then carries the key.
let friendRow = graphql("""
    fragment FriendRow_user on User {
      id
      ...UserDisplayName_user
      ...UserAvatar_user
    }
    """)
