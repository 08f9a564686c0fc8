import Relay

// `@catch` on the whole fragment: its `Data` is a `Result` of its fields or every error in them.
let catchSafeFragment = graphql("""
    fragment CatchSafe_user on User @catch {
      name
      bio
    }
    """)
