import Relay

/// The events after a date, filtered by typed scalars in an input object.
private let agenda = graphql("""
    query AgendaQuery($after: DateTime!, $filter: EventFilter) {
      events(after: $after, filter: $filter) {
        id
        ...AgendaEvent_event
      }
    }
    """)

/// Every custom scalar the schema has, one optional and one in a list.
private let event = graphql("""
    fragment AgendaEvent_event on Event {
      id
      title
      startsAt
      endsAt
      link
      price
      color
      reminders
    }
    """)

/// Moves an event: a `Date` inside an input object.
private let reschedule = graphql("""
    mutation AgendaRescheduleMutation($input: RescheduleInput!) {
      reschedule(input: $input) {
        id
        startsAt
      }
    }
    """)
