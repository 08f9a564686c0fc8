import Relay

let userForecastResolver = graphql(
    """
    fragment UserForecastResolver on User {
      city {
        name
      }
    }
    """)

/// The forecast for the user's city: an output type's data, nested objects included.
func forecast(_ user: UserForecastResolver.Data) -> VariableValue? {
    guard let city = user.city?.name else { return nil }
    return ["summary": .string("Sunny in \(city)"), "wind": ["speed": 12]]
}
