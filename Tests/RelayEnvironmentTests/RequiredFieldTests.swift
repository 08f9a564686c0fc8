import Foundation
import Relay
import Synchronization
import Testing

@testable import GoldenRequired

/// `@required` at run time, on the `required` golden case: a null in a `@required` field makes
/// the object holding it null (and the next one up while those are `@required`), `LOG` tells
/// the environment's field logger, `THROW` fails the read, and missing data stays missing data.
@MainActor
struct RequiredFieldTests {
    /// What the environment's field logger was told.
    final class Log: Sendable {
        let events = Mutex<[Environment.FieldLogEvent]>([])
    }

    let log = Log()
    let environment: Environment

    init() {
        let log = log
        environment = Environment(network: MockNetwork()) {
            $0.fieldLogger = { event in log.events.withLock { $0.append(event) } }
        }
    }

    var logged: [Environment.FieldLogEvent] { log.events.withLock { $0 } }

    /// The viewer of `RequiredProfileQuery` with a card's fields; `changes` edits it first.
    func storeViewer(_ changes: (inout [String: VariableValue]) -> Void = { _ in }) {
        var viewer: [String: VariableValue] = [
            "id": "me", "name": "Ada", "email": "ada@example.com",
            "avatar": ["url": "https://example.com/ada.png", "width": 64],
            "bestFriend": ["id": "grace", "name": "Grace"],
            "friends": [["id": "grace", "name": "Grace"], ["id": "alan", "name": "Alan"]],
        ]
        changes(&viewer)
        do {
            try environment.commitPayload(RequiredProfileQuery(), data: ["viewer": .object(viewer)])
        } catch {
            Issue.record("the viewer does not fit the query: \(error)")
        }
    }

    func card() throws -> RequiredCard_user {
        let data = try #require(environment.lookup(RequiredProfileQuery()).data)
        return RequiredCard_user(key: data.viewer)
    }

    @Test func presentFieldsReadAsNonOptional() throws {
        storeViewer()
        let snapshot = environment.lookup(RequiredProfileQuery())
        let viewer = try #require(snapshot.data?.viewer)
        #expect(viewer.name == "Ada" && viewer.avatar?.url == "https://example.com/ada.png")
        #expect(snapshot.missingRequiredFields == nil && !snapshot.isMissingData)
        let card = try #require(environment.lookup(try card()).data)
        #expect(card.email == "ada@example.com" && card.bestFriend?.name == "Grace")
        #expect(card.friends?.compactMap { $0?.name } == ["Grace", "Alan"])
        #expect(logged.isEmpty)
    }

    @Test func noneBubblesToTheNearestNullableParentSilently() throws {
        storeViewer { $0["avatar"] = ["url": nil, "width": 64] }
        let snapshot = environment.lookup(RequiredProfileQuery())
        let viewer = try #require(snapshot.data?.viewer)
        #expect(viewer.avatar == nil && viewer.name == "Ada")
        #expect(!snapshot.isMissingData && snapshot.missingRequiredFields == nil)
        #expect(logged.isEmpty)
    }

    @Test func logBubblesThroughRequiredParentsToTheRootAndIsLogged() {
        storeViewer { $0["name"] = .null }
        let snapshot = environment.lookup(RequiredProfileQuery())
        // `name` nulls the viewer, which is `@required` too: the whole data is null, and that
        // is not missing data.
        #expect(snapshot.data == nil && !snapshot.isMissingData)
        // As in Relay, each `@required` field the null passes is reported, innermost first.
        let name = MissingRequiredFields.Field(owner: "RequiredProfileQuery", path: "viewer.name")
        let viewer = MissingRequiredFields.Field(owner: "RequiredProfileQuery", path: "viewer")
        #expect(snapshot.missingRequiredFields == .log([name, viewer]))
        #expect(snapshot.requiredFieldError == nil)
        #expect(logged == [.missingRequiredFieldLog(name), .missingRequiredFieldLog(viewer)])
    }

    @Test func throwFailsTheReadNamingTheFieldAndPath() throws {
        storeViewer()
        let card = try card()
        environment.commitUpdate { store, _ in store.get("me")?.setValue(nil, "email") }
        let snapshot = environment.lookup(card)
        let field = MissingRequiredFields.Field(owner: "RequiredCard_user", path: "email")
        #expect(snapshot.data == nil && !snapshot.isMissingData)
        #expect(snapshot.requiredFieldError == .missingRequiredField(field))
        #expect(field.description == "missing @required value at path 'email' in 'RequiredCard_user'")
    }

    @Test func aNullItemOfAListIsNullNotTheList() throws {
        storeViewer {
            $0["friends"] = [["id": "grace", "name": "Grace"], ["id": "nobody", "name": nil]]
            $0["bestFriend"] = ["id": "nobody", "name": nil]
        }
        let data = try #require(environment.lookup(try card()).data)
        #expect(data.friends?.map { $0?.name } == ["Grace", nil])
        #expect(data.bestFriend == nil)
    }

    @Test func anAbsentRequiredFieldIsMissingDataNotANull() throws {
        try environment.commitPayload(RequiredProfileQuery(), data: ["viewer": ["id": "me", "email": "a@b.c"]])
        let snapshot = environment.lookup(RequiredProfileQuery())
        #expect(snapshot.data == nil && snapshot.isMissingData)
        #expect(snapshot.missingRequiredFields == nil && logged.isEmpty)
    }

    @Test func anObservedFragmentShowsTheError() throws {
        storeViewer()
        let card = try card()
        let observed = ObservedFragment(environment: environment, fragment: card)
        #expect(observed.data?.email == "ada@example.com" && observed.requiredFieldError == nil)
        environment.commitUpdate { store, _ in store.get("me")?.setValue(nil, "email") }
        let cleared = ObservedFragment(environment: environment, fragment: card)
        #expect(cleared.data == nil && !cleared.isMissingData)
        #expect(
            cleared.requiredFieldError
                == .missingRequiredField(MissingRequiredFields.Field(owner: "RequiredCard_user", path: "email")))
    }

    @Test func aFetchWhoseRootBubblesFailsNamingTheField() async throws {
        let network = MockNetwork()
        let environment = Environment(network: network)
        let fetch = Task { try await environment.fetchQuery(RequiredProfileQuery()) }
        await network.waitForPending(1)
        await network.respond(
            with:
                #"{"data": {"viewer": {"id": "me", "name": null, "email": "a@b.c", "avatar": null, "bestFriend": null, "friends": []}}}"#
        )
        await #expect(
            throws: RelayError.missingRequiredField(
                MissingRequiredFields.Field(owner: "RequiredProfileQuery", path: "viewer.name"))
        ) { try await fetch.value }
    }

    @Test func aPluralFragmentLeavesOutAnItemWhoseNullBubblesToIt() throws {
        storeViewer { $0["friends"] = [["id": "grace", "name": "Grace"], ["id": "alan", "name": "Alan"]] }
        let card = try #require(environment.lookup(try card()).data)
        let friends = try #require(card.friends?.compactMap { $0 })
        environment.commitUpdate { store, _ in store.get("grace")?.setValue(nil, "name") }
        let snapshot = environment.lookup(RequiredFriends_users(keys: friends))
        #expect(snapshot.data?.map(\.name) == ["Alan"] && !snapshot.isMissingData)
    }
}
