import Relay

// An updatable fragment: `readUpdatableFragment` with any key that spreads it gives typed setters.
let profileName = graphql(
    """
    fragment ProfileName_user on User @updatable {
      name
      nickname
    }
    """)
