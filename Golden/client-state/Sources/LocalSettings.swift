import Relay

// Client fields only: nothing to send, so the store answers it and no request is made.
let localSettingsQuery = graphql("""
    query LocalSettingsQuery {
      visibilityFilter
      isOffline
    }
    """)
