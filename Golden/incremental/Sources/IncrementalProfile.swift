import Relay

/// The profile's name at once; its bio and followers when they are ready (`@defer`, unless
/// `$withBio` is false); its posts one by one (`@stream`).
private let profileQuery = graphql(
    """
    query IncrementalProfileQuery($withBio: Boolean = true) {
      viewer {
        id
        name
        ...IncrementalProfileBio_user @defer(if: $withBio)
        posts @stream(initialCount: 1, label: "posts") {
          id
          ...IncrementalProfilePost_post
        }
      }
    }
    """)

private let bio = graphql(
    """
    fragment IncrementalProfileBio_user on User {
      bio
      followers(first: 2) {
        id
        name
      }
    }
    """)

private let post = graphql(
    """
    fragment IncrementalProfilePost_post on Post {
      title
      likes
    }
    """)
