import Relay

/// A report refetched through the schema's `fetch__WeatherReport` field (its type is
/// `@fetchable`, not a Node), with the server directive the weather team's queries carry.
private let weatherReport = graphql(
    """
    fragment WeatherCard_report on WeatherReport
    @refetchable(queryName: "WeatherCardRefetchQuery", directives: ["@owner(team: \\"weather\\")"]) {
      city
      temperature
    }
    """)

private let weatherQuery = graphql(
    """
    query WeatherCardQuery($city: String!) {
      weather(city: $city) {
        ...WeatherCard_report
      }
    }
    """)
