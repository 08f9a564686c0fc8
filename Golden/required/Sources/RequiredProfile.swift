import Relay

// `@required` bubbles a null up: without a name the whole viewer is null (LOG reports it);
// an avatar without a url is a null avatar (NONE).
let requiredProfileQuery = graphql("""
    query RequiredProfileQuery {
      viewer @required(action: LOG) {
        id
        name @required(action: LOG)
        avatar {
          url @required(action: NONE)
          width
        }
        ...RequiredCard_user
      }
    }
    """)
