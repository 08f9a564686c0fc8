import Relay

// `@throwOnFieldError`: a field error fails the read, so `@semanticNonNull` fields (`name`,
// the friends list and its items) are non-optional; a nullable field stays optional.
let catchCardFragment = graphql("""
    fragment CatchCard_user on User @throwOnFieldError {
      name
      bio
      friends {
        id
        name
      }
    }
    """)
