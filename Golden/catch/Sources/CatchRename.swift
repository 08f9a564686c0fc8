import Relay

// `@catch` on a mutation: a field error in the response is the data's `failure`, not a thrown
// error, and the rest of the response is in the store.
let catchRenameMutation = graphql("""
    mutation CatchRenameMutation($id: ID!, $name: String!) @catch {
      rename(id: $id, name: $name) {
        id
        name
      }
    }
    """)
