import Relay

let userBestFriendResolver = graphql(
    """
    fragment UserBestFriendResolver on User {
      bestFriendID
    }
    """)

/// The user's best friend, a user the server knows (a client edge to a server object): the
/// resolver gives the friend's id, and a query selecting `bestFriend @waterfall { … }` reads the
/// friend's record, which the edge's own query fetches when the store lacks it.
///
/// @RelayResolver User.bestFriend: User
/// @rootFragment UserBestFriendResolver
func bestFriend(_ user: UserBestFriendResolver.Data) -> String? {
    user.bestFriendID
}
