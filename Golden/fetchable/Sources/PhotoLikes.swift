import Relay

/// A Node that is also `@fetchable`: `preferFetchable: true` refetches it through
/// `fetch__Photo(photo_id:)` rather than `node(id:)`.
private let likes = graphql(
    """
    fragment PhotoLikes_photo on Photo @refetchable(queryName: "PhotoLikesRefetchQuery", preferFetchable: true) {
      likes
    }
    """)

private let photoQuery = graphql(
    """
    query PhotoLikesQuery($id: ID!) {
      node(id: $id) {
        ...PhotoLikes_photo @alias
      }
    }
    """)
