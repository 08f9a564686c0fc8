import Foundation
import Relay
import Testing

@testable import GoldenInlineData

/// `@inline` fragments at run time, on the `inline-data` golden case: the data of
/// `UserDisplayName_user` and `UserAvatar_user` is read with the query's (and `FriendRow_user`'s)
/// and carried in the keys, read by plain functions; the store changing it re-reads the parent.
struct InlineDataFragmentTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    static let profile = #"""
        {"data": {"viewer": {"id": "me", "name": "Ada", "email": "ada@example.com",
          "avatar": {"url": "https://example.com/ada-64.png", "size": 64},
          "friends": [{"id": "f1", "name": "Bob", "email": null,
            "avatar": {"url": "https://example.com/bob-32.png", "size": 32}}]}}}
        """#

    func fetchProfile() async throws -> ProfileQuery.Data.User_viewer {
        async let fetched = environment.fetchQuery(ProfileQuery(withFriends: true))
        await network.waitForPending(1)
        await network.respond(with: Self.profile)
        return try #require(try await fetched.viewer)
    }

    @Test func plainCodeReadsTheDataFromTheKey() async throws {
        let viewer = try await fetchProfile()
        #expect(displayName(of: viewer) == "Ada <ada@example.com>")
        // `@arguments(size: 64)` on the query's spread.
        #expect(avatarURL(of: viewer) == "https://example.com/ada-64.png")
        #expect(readInlineData(UserAvatar_user.self, viewer).avatar?.size == 64)
        let nobody: ProfileQuery.Data.User_viewer? = nil
        #expect(readInlineData(UserDisplayName_user.self, nobody) == nil)
    }

    @Test func aMaskedFragmentsDataCarriesTheKeyToo() async throws {
        let viewer = try await fetchProfile()
        let friend = try #require(viewer.friends?.first)
        let row = try #require(environment.lookup(FriendRow_user(key: friend)).data)
        #expect(displayName(of: row) == "Bob")
        // No `@arguments`: the fragment's default size.
        #expect(readInlineData(UserAvatar_user.self, row).avatar?.size == 32)
    }

    @Test func theServerGetsAnOrdinaryFragment() async throws {
        _ = try await fetchProfile()
        let sent = try #require(await network.sentTexts.first ?? nil)
        #expect(sent.contains("...UserDisplayName_user\n") && sent.contains("fragment UserDisplayName_user on User {"))
        #expect(!sent.contains("@inline"))
    }

    @Test func aStoreChangeReReadsTheParent() async throws {
        _ = try await fetchProfile()
        var updates = environment.subscribe(ProfileQuery(withFriends: true)).makeAsyncIterator()
        let first = try #require(await updates.next()?.data?.viewer)
        #expect(UserDisplayName_user.read(first).name == "Ada")
        environment.commitLocalUpdate { store in store.get("me")?.setValue("Ada L.", "name") }
        let next = try #require(await updates.next()?.data?.viewer)
        #expect(UserDisplayName_user.read(next).name == "Ada L.")
    }

    @Test func aFieldTheStoreLacksIsMissingForTheParent() throws {
        environment.commitLocalUpdate { store in
            let viewer = store.create(dataID: "me", typename: "User")
            viewer.setValue("me", "id")
            viewer.setValue("Ada", "name")
            store.root.setLinkedRecord(viewer, "viewer")
        }
        let snapshot = environment.lookup(ProfileQuery(withFriends: false))
        #expect(snapshot.isMissingData)
        #expect(snapshot.missingFields.map(\.field) == ["email", "avatar(size:64)"])
    }
}
