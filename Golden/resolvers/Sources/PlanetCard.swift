import Relay

// What a planet's card shows: fields of a client object, read through its own fragment.
let planetCard = graphql(
    """
    fragment PlanetCard_planet on Planet {
      name
      moonCount
    }
    """)
