import Foundation
import Relay
import Synchronization
import Testing

@testable import GoldenProvided

/// Relay's provided variables at run time, on the `provided-variables` golden case: a request
/// carries each provider's value under its `__relay_internal__pv__` name without the caller
/// passing it, the store keys fields by it, and the fragment's refetch query sends it too.
struct ProvidedVariablesTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    @Test func aRequestCarriesTheProvidersValues() async throws {
        async let fetched = environment.fetchQuery(ViewerQuery())
        await network.waitForPending(1)
        let sent = await network.variables(0)
        #expect(sent["__relay_internal__pv__AvatarSize"] == .int(AvatarSize.get()))
        #expect(sent["__relay_internal__pv__ShowNamesrelayprovider"] == .bool(true))
        await network.respond(
            with: #"{"data": {"viewer": {"id": "me", "avatar": "https://example.com/64.png", "name": "Ada"}}}"#)
        let viewer = try #require(try await fetched.viewer)
        let avatar = try #require(environment.lookup(Avatar_user(key: viewer)).data)
        #expect(avatar.avatar == "https://example.com/64.png")
        #expect(avatar.name == "Ada")

        // Stored under the provided size, as Relay's storage keys are.
        let stored = Mutex<[VariableValue?]>([])
        environment.commitLocalUpdate { store in
            let record = store.get("me")
            stored.withLock {
                $0 = [
                    record?.getValue("avatar", arguments: ["size": 64]),
                    record?.getValue("avatar", arguments: ["size": 32]),
                ]
            }
        }
        #expect(stored.withLock { $0 } == [.string("https://example.com/64.png"), nil])

        async let refetched = environment.refetch(Avatar_user(key: viewer), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        let refetchVariables = await network.variables(0)
        #expect(refetchVariables["id"] == .string("me"))
        #expect(refetchVariables["__relay_internal__pv__AvatarSize"] == .int(64))
        await network.respond(
            with:
                #"{"data": {"node": {"__typename": "User", "id": "me", "avatar": "https://example.com/64b.png", "name": "Ada"}}}"#
        )
        let fragment = try await refetched.fragment
        #expect(environment.lookup(fragment).data?.avatar == "https://example.com/64b.png")
    }
}
