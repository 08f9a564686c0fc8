import Relay

let viewerQuery = graphql("""
    query ViewerQuery {
      viewer {
        id
        ...Avatar_user
      }
    }
    """)
