import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@_spi(RelayGenerated) @testable import GoldenResolvers

/// Relay Resolver model types on the `resolvers` golden case (after relay-runtime's resolver
/// model and client edge tests): `Planet` is a strong model (its value made by `planet(_:)` for
/// an id, once per id), `Badge` a weak one (made whole by `User.badge`), and the edges to them
/// are read like the store's records — plural, through a fragment of their own (a `@module`
/// branch too), and through a client interface whose resolver names the object's type.
@Suite(.serialized)
struct ResolverModelTests {
    let environment = Environment(network: MockNetwork())
    let counts = LiveResolverCounts.shared

    func commitUser(_ id: String = "u1", birthYear: Int?, city: String?) throws {
        try environment.commitPayload(
            PlanetsQuery(id: id),
            data: [
                "user": [
                    "id": .string(id), "birthYear": birthYear.map { .int($0) } ?? .null,
                    "city": city.map { ["id": .string($0), "name": .string($0)] } ?? .null,
                ]
            ])
    }

    @Test func aStrongModelsFieldsAreFunctionsOfItsValueMadeOncePerID() throws {
        try commitUser(birthYear: 1980, city: "Paris")
        let lookups = counts.now.planetLookups
        let data = try #require(environment.lookup(PlanetsQuery(id: "u1")).data)
        #expect(data.planets?.map(\.id) == ["earth", "mars"])
        #expect(data.planets?.map(\.name) == ["Earth", "Mars"])
        #expect(data.planets?.map(\.moonCount) == [1, 2])
        #expect(data.planets?.first?.describe == "Planet Earth has 1 moon")
        // Read again, and through the planet's own fragment: the values are the cache's.
        let again = environment.lookup(PlanetsQuery(id: "u1")).data
        let home = try #require(again?.user?.homePlanet)
        let card = environment.lookup(PlanetCard_planet(key: home))
        #expect(!card.isMissingData)
        #expect(card.data?.name == "Earth" && card.data?.moonCount == 1)
        #expect(counts.now.planetLookups == lookups + 2, "one lookup per planet id")
    }

    /// Relay's client 3D: a `@module` branch on a client type names its component from the
    /// reader, as no server does.
    @Test func aModuleBranchOnAClientTypeNamesItsComponent() throws {
        try commitUser(birthYear: 1980, city: "Paris")
        let card = try #require(environment.lookup(PlanetsQuery(id: "u1")).data?.user?.planetCard)
        #expect(card.__module_component == "PlanetCardView")
        #expect(environment.lookup(PlanetCard_planet(key: card)).data?.name == "Earth")
    }

    @Test func anEdgeToAClientInterfaceReadsTheTypeTheResolverNamed() throws {
        try commitUser(birthYear: 1980, city: "Paris")
        let body = environment.lookup(PlanetsQuery(id: "u1")).data?.user?.favoriteBody
        guard case .planet(let planet)? = body else {
            Issue.record("expected a Planet, got \(String(describing: body))")
            return
        }
        #expect(planet.__typename == "Planet" && planet.name == "Mars")
    }

    @Test func anOutputTypesObjectIsReadFromTheDataTheResolverGave() throws {
        try commitUser(birthYear: 1980, city: "Paris")
        let forecast = environment.lookup(PlanetsQuery(id: "u1")).data?.user?.forecast
        #expect(forecast?.summary == "Sunny in Paris" && forecast?.wind?.speed == 12)
        environment.commitLocalUpdate { store in store.get("Paris")?.setValue("Lyon", "name") }
        #expect(environment.lookup(PlanetsQuery(id: "u1")).data?.user?.forecast?.summary == "Sunny in Lyon")
    }

    @Test func anEdgeWhoseResolverGivesNoIDIsNull() throws {
        try commitUser(birthYear: nil, city: nil)
        let user = environment.lookup(PlanetsQuery(id: "u1")).data?.user
        #expect(user != nil && user?.homePlanet == nil && user?.badge == nil && user?.forecast == nil)
    }

    @Test func aWeakModelIsMadeAgainOnlyWhenItsRootFragmentChanges() async throws {
        try commitUser(birthYear: 1980, city: "Paris")
        let made = counts.now.badgesMade
        var snapshots = environment.subscribe(PlanetsQuery(id: "u1")).makeAsyncIterator()
        let first = await snapshots.next()?.data?.user?.badge
        #expect(first?.title == "Veteran" && first?.level == 3)
        _ = environment.lookup(PlanetsQuery(id: "u1"))
        #expect(counts.now.badgesMade == made + 1)
        environment.commitLocalUpdate { store in store.get("u1")?.setValue(2001, "birthYear") }
        let second = await snapshots.next()?.data?.user?.badge
        #expect(second?.title == "Explorer" && second?.level == 1)
        #expect(counts.now.badgesMade == made + 2)
    }

    @Test func garbageCollectionKeepsTheModelsOfWhatItKeeps() throws {
        let retained = environment.retain(PlanetsQuery(id: "u1"))
        defer { retained.dispose() }
        try commitUser(birthYear: 1980, city: "Paris")
        _ = environment.lookup(PlanetsQuery(id: "u1"))
        // Another user nothing retains, which the collection removes with its entries.
        try commitUser("u2", birthYear: 2001, city: nil)
        _ = environment.lookup(PlanetsQuery(id: "u2"))
        let made = counts.now.badgesMade
        #expect(environment.collectGarbage() > 0)
        let badge = environment.lookup(PlanetsQuery(id: "u1")).data?.user?.badge
        #expect(badge?.title == "Veteran" && badge?.level == 3)
        #expect(counts.now.badgesMade == made, "the badge's value outlives a collection that keeps its user")
    }
}
