import Relay

// Field errors handled where they happen: `name` and `avatar` are results (the value, or the
// errors the server reported in them), `email` is nil on an error, and the aliased `details`
// catches errors in either of its fields. Under `@catch`, `@semanticNonNull` fields are
// non-optional: `avatar`'s `url` is a `String`. `friends` handles no errors: its fields stay
// optional, and an error in them is logged.
let catchProfileQuery = graphql("""
    query CatchProfileQuery($id: ID!) {
      user(id: $id) {
        id
        name @catch
        email @catch(to: NULL)
        avatar @catch {
          url
          width
        }
        ... on User @catch(to: RESULT) @alias(as: "details") {
          bio
          email
        }
        friends {
          id
          name
        }
        ...CatchCard_user
        ...CatchSafe_user
      }
    }
    """)
