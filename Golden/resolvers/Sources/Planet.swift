import Relay

/// A planet of the app's own catalogue: the value behind the `Planet` resolver model.
struct PlanetModel: Sendable {
    let id: String
    let name: String
    let moons: Int
}

/// The app's planets, by id.
let planetCatalogue: [String: PlanetModel] = [
    "earth": PlanetModel(id: "earth", name: "Earth", moons: 1),
    "mars": PlanetModel(id: "mars", name: "Mars", moons: 2),
]

/// A planet: a client object with an id (a strong resolver model). The runtime asks this
/// function for the value of each planet it reads, once per id.
///
/// @RelayResolver Planet
func planet(_ id: String) -> PlanetModel? {
    LiveResolverCounts.shared.count(\.planetLookups)
    return planetCatalogue[id]
}

/// @RelayResolver Planet.name: String
func planetName(_ planet: PlanetModel) -> String {
    planet.name
}

/// @RelayResolver Planet.moonCount: Int
func moonCount(_ planet: PlanetModel) -> Int {
    planet.moons
}

/// A line about the planet, with the caller's prefix.
///
/// @RelayResolver Planet.describe(prefix: String!): String
func describe(_ planet: PlanetModel, prefix: String) -> String {
    "\(prefix) \(planet.name) has \(planet.moons) moon\(planet.moons == 1 ? "" : "s")"
}

/// Every planet of the catalogue (a plural edge to client objects): their ids.
///
/// @RelayResolver Query.planets: [Planet!]!
func allPlanets() -> [String] {
    planetCatalogue.keys.sorted()
}
