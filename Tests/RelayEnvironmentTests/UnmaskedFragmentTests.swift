import Foundation
import Relay
import Testing

@testable import GoldenUnmasked

/// `@relay(mask: false)` at run time, on the `unmasked` golden case: the query's data has the
/// unmasked fragment's fields, and follows the store like its own; a fragment the unmasked one
/// spreads is still read through its key.
struct UnmaskedFragmentTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    @Test func theParentReadsTheFragmentsFields() async throws {
        async let fetched = environment.fetchQuery(ProfileQuery())
        await network.waitForPending(1)
        await network.respond(
            with: #"""
                {"data": {"viewer": {"id": "me", "name": "Ada", "avatar": {"url": "https://example.com/ada.png"},
                "email": "ada@example.com"}}}
                """#)
        let viewer = try #require(try await fetched.viewer)
        #expect(viewer.name == "Ada" && viewer.avatar?.url == "https://example.com/ada.png")
        #expect(environment.lookup(ProfileEmail_user(key: viewer)).data?.email == "ada@example.com")
        let sent = try #require(await network.sentTexts.first ?? nil)
        #expect(!sent.contains("ProfileHeader_user") && sent.contains("...ProfileEmail_user"))

        environment.commitLocalUpdate { store in store.get("me")?.setValue("Ada L.", "name") }
        #expect(environment.lookup(ProfileQuery()).data?.viewer?.name == "Ada L.")
    }
}
