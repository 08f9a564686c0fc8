import Relay

let userAvatar = graphql("""
    fragment UserAvatar_user on User
    @inline
    @argumentDefinitions(size: {type: "Int", defaultValue: 32}) {
      avatar(size: $size) {
        url
        size
      }
    }
    """)

/// The user's avatar at the size the spread asked for.
func avatarURL(of user: some UserAvatar_user_Key) -> String? {
    readInlineData(UserAvatar_user.self, user).avatar?.url
}
