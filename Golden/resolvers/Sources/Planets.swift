import Relay

// Resolver models read through client edges: a plural edge to strong models, a strong model
// reached from a server record (also as a `@module` branch, its component named by the reader),
// a weak model, an object of a client interface and an output type's object.
let planetsQuery = graphql(
    """
    query PlanetsQuery($id: ID!) {
      planets {
        id
        name
        moonCount
        describe(prefix: "Planet")
      }
      user(id: $id) {
        homePlanet {
          ...PlanetCard_planet
        }
        planetCard: homePlanet {
          ...PlanetCard_planet @module(name: "PlanetCardView")
        }
        badge {
          title
          level
        }
        forecast {
          summary
          wind {
            speed
          }
        }
        favoriteBody {
          __typename
          ... on Planet {
            name
          }
        }
      }
    }
    """)
