import Relay

/// Each new post, written into the store as it arrives.
private let subscription = graphql(
    """
    subscription IncrementalPostAddedSubscription {
      postAdded {
        id
        ...IncrementalPostAdded_post
      }
    }
    """)

private let addedPost = graphql(
    """
    fragment IncrementalPostAdded_post on Post {
      title
      likes
    }
    """)
