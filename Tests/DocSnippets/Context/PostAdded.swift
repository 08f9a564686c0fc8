import Relay

private let postAddedSubscription = graphql(
    """
    subscription PostAddedSubscription {
      postAdded {
        id
        ...PostRow_post
      }
    }
    """)
