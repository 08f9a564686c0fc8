import Relay

/// The people followed at once, each one's posts when they are ready: a deferred fragment on
/// every item of a list (its parts' paths end with the item's index).
private let timelineQuery = graphql(
    """
    query IncrementalTimelineQuery {
      viewer {
        id
        followers(first: 3) {
          id
          name
          ...IncrementalTimelinePosts_user @defer(label: "posts")
        }
      }
    }
    """)

private let timelinePosts = graphql(
    """
    fragment IncrementalTimelinePosts_user on User {
      posts {
        id
        title
      }
    }
    """)
