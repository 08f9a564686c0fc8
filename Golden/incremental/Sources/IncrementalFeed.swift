import Relay

/// The first post of the feed at once, the next ones as the server finds them, and the page's
/// cursor once they are all there (`@stream_connection`).
private let feedQuery = graphql(
    """
    query IncrementalFeedQuery($streamed: Boolean = true) {
      viewer {
        id
        feed(first: 3) @stream_connection(key: "IncrementalFeedQuery_feed", initial_count: 1, if: $streamed) {
          edges {
            node {
              id
              title
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
    """)
