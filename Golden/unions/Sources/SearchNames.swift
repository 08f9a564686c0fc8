import Relay

/// An inline fragment on an interface: the records whose type implements it must have its
/// fields; the others need not.
let searchNames = graphql("""
    query SearchNamesQuery($text: String!) {
      search(text: $text) {
        __typename
        ... on Named { name }
      }
    }
    """)
