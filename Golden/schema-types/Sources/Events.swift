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

let event = graphql("""
    query EventsLookupQuery($by: EventLookup!) {
      event(by: $by) {
        id
      }
    }
    """)
