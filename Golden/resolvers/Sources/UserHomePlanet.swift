import Relay

let userHomePlanetResolver = graphql(
    """
    fragment UserHomePlanetResolver on User {
      city {
        name
      }
    }
    """)

/// The planet the user's city is on (an edge to a client object): its id.
///
/// @RelayResolver User.homePlanet: Planet
/// @rootFragment UserHomePlanetResolver
func homePlanet(_ user: UserHomePlanetResolver.Data) -> String? {
    user.city == nil ? nil : "earth"
}

/// The celestial body the user likes best: an object of a client interface, so its type goes
/// with its id.
///
/// @RelayResolver User.favoriteBody: CelestialBody
/// @rootFragment UserHomePlanetResolver
func favoriteBody(_ user: UserHomePlanetResolver.Data) -> Environment.ClientObjectID? {
    Environment.ClientObjectID(id: "mars", typename: "Planet")
}
