import Relay

// The root fragment of `User.fullName`: what the resolver reads, and all a change to which
// computes it again.
let userFullNameResolver = graphql(
    """
    fragment UserFullNameResolver on User {
      firstName
      lastName
    }
    """)

/// `User.fullName`, computed from its root fragment's data.
func fullName(_ user: UserFullNameResolver.Data) -> String {
    [user.firstName, user.lastName].compactMap { $0 }.joined(separator: " ")
}
