import Relay

private let profileQuery = graphql(
    """
    query ProfileQuery {
      viewer {
        name
        ...ProfileBio_user @defer
        posts @stream(initialCount: 3) {
          id
          ...PostRow_post
        }
      }
    }
    """)

private let bioFragment = graphql(
    """
    fragment ProfileBio_user on User {
      bio
    }
    """)
