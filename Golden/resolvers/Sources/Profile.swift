import Relay

// A query reading resolver fields beside server fields; the server never sees them.
let profileQuery = graphql(
    """
    query ProfileQuery($id: ID!, $salutation: String!) {
      user(id: $id) {
        id
        fullName
        greeting(salutation: $salutation)
        age(inYear: 2026) @catch
        city {
          name
        }
        ...ProfileCard_user
      }
    }
    """)
