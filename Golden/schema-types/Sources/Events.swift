import Relay

let events = graphql("""
    query EventsQuery($filter: EventFilter, $sort: Sort) {
      events(filter: $filter, sort: $sort) {
        id
        startsAt
        kind
        self
        default
        protocol: id
      }
    }
    """)
