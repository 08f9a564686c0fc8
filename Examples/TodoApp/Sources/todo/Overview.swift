import Relay

/// The to-dos at a glance: the list streamed item by item (`@stream`), and the summary the
/// server is slow to make deferred (`@defer`), so neither holds up the rest.
private let overview = graphql("""
    query OverviewQuery {
      viewer {
        id
        name
        ...OverviewSummary_user @defer(label: "summary")
        allTodos @stream(initialCount: 1) {
          id
          text
        }
      }
    }
    """)

private let summary = graphql("""
    fragment OverviewSummary_user on User {
      summary
    }
    """)
