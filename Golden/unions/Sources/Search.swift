import Relay

let search = graphql("""
    query SearchQuery($text: String!) {
      search(text: $text) {
        ... on Person { name }
        ... on Place { name country }
        ...SearchThing_thing @alias(as: "thing")
      }
      node(id: "1") {
        id
        ... on Place { country }
      }
    }
    """)
