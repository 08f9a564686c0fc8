import Relay

private let detailsQuery = graphql(
    """
    query TodoDetailsQuery($id: ID!) {
      todo(id: $id) {
        ...TodoRow_todo
      }
    }
    """)
