import Relay

let userDisplayName = graphql("""
    fragment UserDisplayName_user on User @inline {
      name
      email
    }
    """)

/// How the app names a user, wherever it has one.
func displayName(of user: some UserDisplayName_user_Key) -> String {
    let data = UserDisplayName_user.read(user)
    return data.email.map { "\(data.name) <\($0)>" } ?? data.name
}
