import Relay

let todoRow = graphql("""
    fragment TodoRow_todo on Todo {
      id
      text
      status
      editedAt
    }
    """)

// `@raw_response_type` on a query: `TodoRowQuery.RawResponse` is the whole response, which a
// test or a cache warm-up commits with `commitPayload`.
let todoRowQuery = graphql("""
    query TodoRowQuery($id: ID!) @raw_response_type {
      node(id: $id) {
        ...TodoRow_todo @alias(as: "todo")
      }
    }
    """)
