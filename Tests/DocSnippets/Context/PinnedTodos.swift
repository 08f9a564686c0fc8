import Relay

private let pinnedQuery = graphql(
    """
    query PinnedTodosQuery {
      viewer {
        id
        pinned {
          id
          text
        }
      }
    }
    """)
