import Relay

// A fragment reading a resolver field: its own table names the resolver.
let profileCard = graphql(
    """
    fragment ProfileCard_user on User {
      fullName
    }
    """)
