import Relay

// A resolver reading another resolver's field, with a runtime argument.
let userGreetingResolver = graphql(
    """
    fragment UserGreetingResolver on User {
      fullName
    }
    """)

/// `User.greeting(salutation:)`: the salutation comes from the field's argument.
func greeting(_ user: UserGreetingResolver.Data, salutation: String) -> String {
    "\(salutation), \(user.fullName ?? "stranger")!"
}
