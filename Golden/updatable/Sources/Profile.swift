import Relay

// A query the app sends: the profile with the user's key for `ProfileName_user` (updatable) and
// the candidates an updater may assign as best friend (`ProfileFriend_user`, assignable).
let profileQuery = graphql(
    """
    query ProfileQuery($id: ID!) {
      user(id: $id) {
        id
        name
        ...ProfileName_user
        bestFriend {
          id
          name
        }
        friends(first: 3) {
          id
          name
          ...ProfileFriend_user
        }
      }
    }
    """)
