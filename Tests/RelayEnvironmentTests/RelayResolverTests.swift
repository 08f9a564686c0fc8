import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@_spi(RelayGenerated) @testable import GoldenResolvers

/// Relay Resolvers at run time, on the `resolvers` golden case (after relay-runtime's resolver
/// tests): a resolver field is computed from its root fragment's data when read, with the
/// field's arguments; it is memoized, computed again only when that data changes, and a
/// subscription reading it is notified then; a resolver reading another resolver's field; a
/// resolver that throws is a field error `@catch` holds. The server never sees the fields, only
/// the root fragments' data.
///
/// Memos belong to each environment's store, but a resolver's `evaluationCount` counts its runs
/// in every environment, so the tests run one at a time and count from where they start.
@Suite(.serialized)
struct RelayResolverTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    func profile(id: String, firstName: String, lastName: String?, birthYear: Int? = 1990) -> String {
        let last = lastName.map { "\"\($0)\"" } ?? "null"
        let born = birthYear.map(String.init) ?? "null"
        return #"""
            {"data": {"user": {"id": "\#(id)", "firstName": "\#(firstName)", "lastName": \#(last),
              "birthYear": \#(born), "city": {"id": "c-\#(id)", "name": "Lyon"}}}}
            """#
    }

    func fetch(id: String, salutation: String = "Hello", response: String) async throws -> ProfileQuery.Data {
        async let fetched = environment.fetchQuery(ProfileQuery(id: id, salutation: salutation))
        await network.waitForPending(1)
        await network.respond(with: response)
        return try await fetched
    }

    @Test func theServerGetsTheRootFragmentsAndNeverTheResolverFields() async throws {
        async let fetched = environment.fetchQuery(ProfileQuery(id: "text-1", salutation: "Hi"))
        await network.waitForPending(1)
        let text = (await network.sentTexts.first ?? nil) ?? ""
        #expect(text.contains("firstName") && text.contains("birthYear"))
        #expect(!text.contains("fullName") && !text.contains("greeting") && !text.contains("salutation"))
        await network.respond(with: profile(id: "text-1", firstName: "Ada", lastName: "Lovelace"))
        _ = try await fetched
    }

    @Test func aResolverFieldIsComputedFromItsRootFragmentWithTheFieldsArguments() async throws {
        let data = try await fetch(
            id: "read-1", salutation: "Bonjour", response: profile(id: "read-1", firstName: "Ada", lastName: "Lovelace")
        )
        let user = try #require(data.user)
        #expect(user.fullName == "Ada Lovelace")
        // A resolver reading another resolver's field, and a runtime argument.
        #expect(user.greeting == "Bonjour, Ada Lovelace!")
        #expect(try user.age?.get() == 36)
        // A fragment reading the same resolver.
        #expect(environment.lookup(ProfileCard_user(key: user)).data?.fullName == "Ada Lovelace")
    }

    @Test func aResolverRunsOncePerChangeOfItsRootFragmentsData() async throws {
        let resolver = UserFullNameResolver.resolver_User_fullName
        let data = try await fetch(
            id: "memo-1", response: profile(id: "memo-1", firstName: "Grace", lastName: "Hopper"))
        let user = try #require(data.user)
        let start = resolver.evaluationCount
        // Reading again — the query, and fragments reading the field — runs nothing.
        for _ in 0..<10 {
            #expect(
                environment.lookup(ProfileQuery(id: "memo-1", salutation: "Hello")).data?.user?.fullName
                    == "Grace Hopper")
            #expect(environment.lookup(ProfileCard_user(key: user)).data?.fullName == "Grace Hopper")
        }
        #expect(resolver.evaluationCount == start)
        // A change to another record, or to a field the fragment does not read, runs nothing.
        environment.commitLocalUpdate { store in
            store.get("c-memo-1")?.setValue("Paris", "name")
            store.get("memo-1")?.setValue(1906, "birthYear")
        }
        #expect(environment.lookup(ProfileCard_user(key: user)).data?.fullName == "Grace Hopper")
        #expect(resolver.evaluationCount == start)
        // A change to what it reads runs it once, whoever reads it after.
        environment.commitLocalUpdate { store in store.get("memo-1")?.setValue("G.", "firstName") }
        #expect(environment.lookup(ProfileCard_user(key: user)).data?.fullName == "G. Hopper")
        #expect(environment.lookup(ProfileQuery(id: "memo-1", salutation: "Hello")).data?.user?.fullName == "G. Hopper")
        #expect(resolver.evaluationCount == start + 1)
    }

    @Test func aSubscriptionReadingTheFieldIsNotifiedWhenItsInputsChange() async throws {
        let data = try await fetch(id: "live-1", response: profile(id: "live-1", firstName: "Alan", lastName: "Turing"))
        let user = try #require(data.user)
        var snapshots = environment.subscribe(ProfileCard_user(key: user)).makeAsyncIterator()
        #expect(await snapshots.next()?.data?.fullName == "Alan Turing")
        environment.commitLocalUpdate { store in store.get("live-1")?.setValue("A. M.", "firstName") }
        #expect(await snapshots.next()?.data?.fullName == "A. M. Turing")
    }

    @Test func aThousandSubscriptionsReadingTheFieldRunItOncePerChange() async throws {
        let resolver = UserFullNameResolver.resolver_User_fullName
        let data = try await fetch(
            id: "many-1", response: profile(id: "many-1", firstName: "Emmy", lastName: "Noether"))
        let user = try #require(data.user)
        var streams = (0..<1_000).map { _ in environment.subscribe(ProfileCard_user(key: user)).makeAsyncIterator() }
        for index in streams.indices { #expect(await streams[index].next()?.data?.fullName == "Emmy Noether") }
        let start = resolver.evaluationCount
        environment.commitLocalUpdate { store in store.get("many-1")?.setValue("Amalie", "firstName") }
        for index in streams.indices { #expect(await streams[index].next()?.data?.fullName == "Amalie Noether") }
        #expect(resolver.evaluationCount == start + 1)
    }

    @Test func aResolverThatThrowsIsAFieldErrorCatchHolds() async throws {
        let data = try await fetch(
            id: "young-1", response: profile(id: "young-1", firstName: "Baby", lastName: nil, birthYear: 2030))
        let user = try #require(data.user)
        guard case .failure(let errors)? = user.age else {
            Issue.record("expected the resolver's error, got \(String(describing: user.age))")
            return
        }
        #expect(errors.errors.first?.message.contains("before the user's birth") == true)
        // The other fields read as usual; `fullName` skips a null last name.
        #expect(user.fullName == "Baby")
    }

    /// An optimistic layer changes the root fragment's data: the field is computed from it, and
    /// when the layer goes (the mutation failed) the field is the value before, from the memo.
    @Test func anOptimisticLayerRecomputesTheFieldAndItsRollbackRestoresIt() async throws {
        _ = try await fetch(id: "opt-1", response: profile(id: "opt-1", firstName: "Ada", lastName: "Lovelace"))
        var snapshots = environment.subscribe(ProfileQuery(id: "opt-1", salutation: "Hello")).makeAsyncIterator()
        #expect(await snapshots.next()?.data?.user?.fullName == "Ada Lovelace")
        let mutation = Task { [environment] in
            try await environment.commitMutation(
                ProfileQuery(id: "opt-1", salutation: "Hello"),
                optimisticUpdater: { store, _ in store.get("opt-1")?["firstName"] = "Augusta" })
        }
        await network.waitForPending(1)
        #expect(await snapshots.next()?.data?.user?.fullName == "Augusta Lovelace")
        await network.fail()
        _ = await mutation.result
        #expect(await snapshots.next()?.data?.user?.fullName == "Ada Lovelace")
        #expect(
            environment.lookup(ProfileQuery(id: "opt-1", salutation: "Hello")).data?.user?.greeting
                == "Hello, Ada Lovelace!")
    }

    @Test func garbageCollectionDropsTheMemoOfTheRecordsItRemoves() throws {
        let resolver = UserFullNameResolver.resolver_User_fullName
        let query = ProfileQuery(id: "gc-1", salutation: "Hi")
        let user: VariableValue = [
            "id": "gc-1", "firstName": "Hedy", "lastName": "Lamarr", "birthYear": 1914, "city": .null,
        ]
        let start = resolver.evaluationCount
        for _ in 0..<2 {
            try environment.commitPayload(query, data: ["user": user])
            #expect(environment.lookup(query).data?.user?.fullName == "Hedy Lamarr")
        }
        #expect(resolver.evaluationCount == start + 1)
        // Nothing retains the user: it goes, and its memo with it; the same data is computed anew.
        #expect(environment.collectGarbage() > 0)
        try environment.commitPayload(query, data: ["user": user])
        #expect(environment.lookup(query).data?.user?.fullName == "Hedy Lamarr")
        #expect(resolver.evaluationCount == start + 2)
    }
}
