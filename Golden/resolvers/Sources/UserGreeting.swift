import Relay

// A resolver reading another resolver's field, with a runtime argument.
let userGreetingResolver = graphql(
    """
    fragment UserGreetingResolver on User {
      fullName
    }
    """)

/// @RelayResolver User.greeting(salutation: String!): String
/// @rootFragment UserGreetingResolver
///
/// A greeting with the caller's salutation and the full name.
func greeting(_ user: UserGreetingResolver.Data, salutation: String) -> String {
    "\(salutation), \(user.fullName ?? "stranger")!"
}
