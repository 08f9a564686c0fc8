import Relay

/// A query for tests: `@relay_test_operation` records every field's type in the artifact, so
/// the mock payload generator fills each with a value of its type.
private let mocks = graphql("""
    query AgendaMocksQuery($withTags: Boolean = true) @relay_test_operation {
      events(after: "2026-11-24T00:00:00Z") {
        id
        attendees
        cancelled
        kind
        rating
        tags @include(if: $withTags)
        ...AgendaEvent_event
      }
      node(id: "event-1") {
        __typename
        id
        ... on Event {
          title
          startsAt
        }
      }
    }
    """)
