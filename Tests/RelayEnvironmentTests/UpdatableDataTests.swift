import Foundation
import Relay
import Testing

@testable import GoldenUpdatable

/// Typed updaters at run time, on the `updatable` golden case (after relay-runtime's
/// `readUpdatableQuery` and `readUpdatableFragment` tests): assignments through an `@updatable`
/// query or fragment change the store as `setValue` would, a record from data spreading an
/// `@assignable` fragment is assigned to a linked field, fields with arguments are found by the
/// query's variables, and an optimistic updater's edits roll back exactly.
struct UpdatableDataTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    static let profile = #"""
        {"data": {"user": {"id": "u1", "name": "Ada", "__typename": "User",
          "bestFriend": {"id": "u2", "name": "Bob"},
          "friends": [{"id": "u2", "name": "Bob", "__typename": "User"},
                      {"id": "u3", "name": "Cy", "__typename": "User"}]}}}
        """#

    func fetchProfile() async throws -> ProfileQuery.Data.User_user {
        async let fetched = environment.fetchQuery(ProfileQuery(id: "u1"))
        await network.waitForPending(1)
        await network.respond(with: Self.profile)
        return try #require(try await fetched.user)
    }

    @Test func assignmentsThroughAnUpdatableQueryChangeWhatQueriesRead() async throws {
        _ = try await fetchProfile()
        environment.commitLocalUpdate { store in
            let user = store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1")).user
            #expect(user?.name == "Ada")
            #expect(user?.nickname == nil)
            user?.name = "Ada L."
            user?.nickname = "A."
            user?.tags = ["math", "poetry"]
            user?.mood = .case(.calm)
            // A write is seen by the reads after it, in the same updater.
            #expect(user?.name == "Ada L.")
        }
        let data = try #require(environment.lookup(ProfileQuery(id: "u1")).data?.user)
        #expect(data.name == "Ada L.")
        environment.commitLocalUpdate { store in
            let user = store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1")).user
            #expect(user?.nickname == "A." && user?.tags == ["math", "poetry"] && user?.mood == .calm)
            #expect(store.get("u1")?.getValue("mood") == "CALM")
        }
    }

    @Test func aRecordFromAssignableDataIsAssignedToALinkedField() async throws {
        let user = try await fetchProfile()
        let cy = try #require(user.friends?.last)
        environment.commitLocalUpdate { store in
            let edit = store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1")).user
            edit?.setBestFriend(cy)
            edit?.setFriends([cy])
        }
        let data = try #require(environment.lookup(ProfileQuery(id: "u1")).data?.user)
        #expect(data.bestFriend?.id == "u3" && data.bestFriend?.name == "Cy")
        #expect(data.friends?.map(\.id) == ["u3"])
        environment.commitLocalUpdate { store in
            store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1")).user?.setBestFriend(nil)
        }
        #expect(environment.lookup(ProfileQuery(id: "u1")).data?.user?.bestFriend == nil)
    }

    @Test func anUpdatableFragmentIsReadThroughTheKeyOfDataThatSpreadsIt() async throws {
        let user = try await fetchProfile()
        environment.commitLocalUpdate { store in
            let name = store.readUpdatableFragment(ProfileName_user(key: user))
            #expect(name?.name == "Ada")
            name?.name = "Grace"
        }
        #expect(environment.lookup(ProfileQuery(id: "u1")).data?.user?.name == "Grace")
    }

    @Test func fieldArgumentsAreReadWithTheQuerysVariablesAndTheirDefaults() async throws {
        _ = try await fetchProfile()
        environment.commitLocalUpdate { store in
            let season3 = store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1", season: 3)).user
            season3?.score = 30
            // `$season: Int = 1`: left out, the query reads `score(season: 1)`.
            let defaultSeason = store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1", season: nil)).user
            defaultSeason?.score = 7
        }
        environment.commitLocalUpdate { store in
            let user = store.get("u1")
            #expect(user?.getValue("score", arguments: ["season": 3]) == 30)
            #expect(user?.getValue("score", arguments: ["season": 1]) == 7)
            #expect(user?.getValue("score") == nil)
            #expect(store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1", season: 3)).user?.score == 30)
            #expect(store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1")).user?.score == 7)
        }
    }

    @Test func anAbstractFieldReadsAsTheCaseOfItsRecordsType() async throws {
        _ = try await fetchProfile()
        environment.commitLocalUpdate { store in
            let note = store.create(dataID: "n1", typename: "Note")
            store.get("u1")?.setLinkedRecord(note, "pinned")
        }
        environment.commitLocalUpdate { store in
            guard case .note(let note)? = store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1")).user?.pinned
            else {
                Issue.record("expected the pinned note")
                return
            }
            note.body = "Remember the milk"
            #expect(note.__typename == "Note")
        }
        environment.commitLocalUpdate { store in
            #expect(store.get("n1")?.getValue("body") == "Remember the milk")
        }
    }

    @Test func anOptimisticUpdatersEditsRollBackExactly() async throws {
        _ = try await fetchProfile()
        let before = environment.lookup(ProfileQuery(id: "u1")).data
        async let renamed = environment.commitMutation(
            ProfileRenameMutation(id: "u1", name: "Ada Lovelace"),
            optimisticUpdater: { store, _ in
                let user = store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1")).user
                user?.name = "Ada Lovelace"
                user?.nickname = "Countess"
            })
        await network.waitForPending(1)
        #expect(environment.lookup(ProfileQuery(id: "u1")).data?.user?.name == "Ada Lovelace")
        await network.respond(with: #"{"errors": [{"message": "not allowed"}]}"#)
        _ = try? await renamed
        #expect(environment.lookup(ProfileQuery(id: "u1")).data == before)
        environment.commitLocalUpdate { store in
            #expect(store.readUpdatableQuery(ProfileEditUpdatableQuery(id: "u1")).user?.nickname == nil)
        }
    }
}
