import Relay

/// The same results without their names.
let searchIds = graphql("""
    query SearchIdsQuery($text: String!) {
      search(text: $text) {
        __typename
        ... on Node { id }
      }
    }
    """)
