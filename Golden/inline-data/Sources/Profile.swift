import Relay

// `@inline` fragments: their data is read with the data of whatever spreads them and carried in
// the key, so plain functions (`displayName(of:)`, `avatarURL(of:)`) read it synchronously, with
// no view, environment or subscription.
let profileQuery = graphql("""
    query ProfileQuery($withFriends: Boolean!) {
      viewer {
        id
        ...UserDisplayName_user
        ...UserAvatar_user @arguments(size: 64)
        friends(first: 2) @include(if: $withFriends) {
          ...FriendRow_user
        }
      }
    }
    """)
