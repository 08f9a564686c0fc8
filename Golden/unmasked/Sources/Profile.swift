import Relay

// `@relay(mask: false)`: the viewer's data has the fragment's fields itself (`name`, `avatar`),
// and the server text has them in place of the spread. `ProfileEmail_user` stays masked.
let profileQuery = graphql("""
    query ProfileQuery {
      viewer {
        id
        ...ProfileHeader_user @relay(mask: false)
      }
    }
    """)

let profileHeader = graphql("""
    fragment ProfileHeader_user on User {
      name
      avatar { url }
      ...ProfileEmail_user
    }
    """)

let profileEmail = graphql("""
    fragment ProfileEmail_user on User {
      email
    }
    """)
