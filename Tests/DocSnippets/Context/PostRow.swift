import Relay

private let postRowFragment = graphql(
    """
    fragment PostRow_post on Post {
      title
    }
    """)
