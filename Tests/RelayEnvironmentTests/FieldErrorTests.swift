import Foundation
import Relay
import Synchronization
import Testing

@testable import GoldenCatch

/// Field errors at run time, on the `catch` golden case: the errors a response gives for fields
/// it left null stay with those fields in the store; `@catch` turns them into a `Result` (or
/// nil), `@throwOnFieldError` fails the read with them, the field logger hears of the rest, and a
/// later response without them clears them.
@MainActor
struct FieldErrorTests {
    final class Log: Sendable {
        let events = Mutex<[Environment.FieldLogEvent]>([])
    }

    let network = MockNetwork()
    let log = Log()
    let environment: Environment

    init() {
        let log = log
        environment = Environment(network: network) {
            $0.fieldLogger = { event in log.events.withLock { $0.append(event) } }
        }
    }

    var loggedErrors: [FieldError] {
        log.events.withLock { events in
            events.compactMap { if case .fieldError(let error) = $0 { error } else { nil } }
        }
    }

    /// The profile of `1`, with `fields` written over the user's and `errors` as the response's.
    static func response(_ fields: [String: String] = [:], errors: [String] = []) -> String {
        var user: [String: String] = [
            "id": #""1""#, "name": #""Ada""#, "email": #""ada@example.com""#, "bio": #""Mathematician""#,
            "avatar": #"{"url": "https://example.com/ada.png", "width": 64}"#,
            "friends": #"[{"id": "2", "name": "Grace"}]"#,
        ]
        user.merge(fields) { _, new in new }
        let members = user.keys.sorted().map { "\"\($0)\": \(user[$0] ?? "null")" }.joined(separator: ", ")
        let errorList = errors.isEmpty ? "" : #", "errors": ["# + errors.joined(separator: ", ") + "]"
        return #"{"data": {"user": {"# + members + "}}" + errorList + "}"
    }

    static func error(_ message: String, at path: String) -> String {
        #"{"message": "\#(message)", "path": \#(path)}"#
    }

    func fetch(_ response: String) async throws -> CatchProfileQuery.Data.User_user {
        async let fetched = environment.fetchQuery(CatchProfileQuery(id: "1"), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(with: response)
        return try #require(try await fetched.user)
    }

    @Test func withoutErrorsEveryCatchHoldsItsValue() async throws {
        let user = try await fetch(Self.response())
        #expect(try user.name.get() == "Ada")
        #expect(user.email == "ada@example.com")
        #expect(try user.avatar.get()?.url == "https://example.com/ada.png")
        #expect(try user.details.get().bio == "Mathematician")
        let card = try #require(environment.lookup(CatchCard_user(key: user)).data)
        #expect(card.name == "Ada" && card.friends.map(\.name) == ["Grace"])
        #expect(try environment.lookup(CatchSafe_user(key: user)).data?.get().name == "Ada")
        #expect(loggedErrors.isEmpty)
    }

    @Test func catchToResultHoldsTheServersErrorWithItsPath() async throws {
        let user = try await fetch(
            Self.response(["name": "null"], errors: [Self.error("name is private", at: #"["user", "name"]"#)]))
        guard case .failure(let caught) = user.name else {
            Issue.record("name should have failed: \(user.name)")
            return
        }
        let error = try #require(caught.errors.first)
        #expect(error.message == "name is private" && error.path == ["user", "name"])
        #expect(error.owner == "CatchProfileQuery")
        #expect(error.serverError?.path == [.key("user"), .key("name")])
        // The other fields read as usual; a caught error is not logged.
        #expect(user.email == "ada@example.com" && loggedErrors.isEmpty)
    }

    @Test func catchToNullMakesTheFieldNil() async throws {
        let user = try await fetch(
            Self.response(["email": "null"], errors: [Self.error("no email", at: #"["user", "email"]"#)]))
        #expect(user.email == nil)
        // The alias reads `email` too: its `Result` holds the error.
        #expect(throws: FieldErrors.self) { try user.details.get() }
    }

    @Test func anErrorBelowACaughtFieldIsCaughtThere() async throws {
        let user = try await fetch(
            Self.response(
                ["avatar": #"{"url": null, "width": 64}"#],
                errors: [Self.error("CDN down", at: #"["user", "avatar", "url"]"#)]))
        guard case .failure(let caught) = user.avatar else {
            Issue.record("avatar should have failed: \(user.avatar)")
            return
        }
        #expect(caught.errors.map(\.path) == [["user", "avatar", "url"]])
    }

    @Test func throwOnFieldErrorFailsTheReadWithTheError() async throws {
        let user = try await fetch(
            Self.response(
                ["friends": #"[{"id": "2", "name": null}]"#],
                errors: [Self.error("friend hidden", at: #"["user", "friends", 0, "name"]"#)]))
        let snapshot = environment.lookup(CatchCard_user(key: user))
        #expect(snapshot.data == nil && !snapshot.isMissingData)
        guard case .fieldError(let error)? = snapshot.readError else {
            Issue.record("expected a field error, got \(String(describing: snapshot.readError))")
            return
        }
        #expect(error.path == ["friends", "0", "name"] && error.owner == "CatchCard_user")
        #expect(error.message == "friend hidden")
        // Thrown, not logged.
        #expect(loggedErrors.isEmpty)
        let observed = ObservedFragment(environment: environment, fragment: CatchCard_user(key: user))
        #expect(observed.data == nil && observed.fieldError == snapshot.fieldError)
    }

    @Test func catchOnTheFragmentMakesItsDataAResult() async throws {
        let user = try await fetch(
            Self.response(["bio": "null"], errors: [Self.error("bio failed", at: #"["user", "bio"]"#)]))
        let data = try #require(environment.lookup(CatchSafe_user(key: user)).data)
        guard case .failure(let caught) = data else {
            Issue.record("the fragment should have failed: \(data)")
            return
        }
        #expect(caught.errors.map(\.path) == [["bio"]] && caught.errors.first?.owner == "CatchSafe_user")
        // `CatchCard_user` reads `bio` (nullable) without `@catch`: it fails there too, as it
        // throws on field errors; the query reads it in the alias, which caught it.
        #expect(environment.lookup(CatchCard_user(key: user)).fieldError != nil)
        #expect(throws: FieldErrors.self) { try user.details.get() }
    }

    @Test func anUnhandledErrorIsLoggedAndReadsAsNull() async throws {
        let user = try await fetch(
            Self.response(
                ["friends": #"[{"id": "2", "name": null}]"#],
                errors: [Self.error("friend hidden", at: #"["user", "friends", 0, "name"]"#)]))
        #expect(user.friends?.first??.id == "2" && user.friends?.first??.name == nil)
        _ = environment.lookup(CatchProfileQuery(id: "1"))
        #expect(loggedErrors.map(\.path) == [["user", "friends", "0", "name"]])
        #expect(loggedErrors.first?.message == "friend hidden")
        // A local update writing the field forgets its error.
        environment.commitLocalUpdate { store in store.get("2")?.setValue("Grace", "name") }
        #expect(environment.records["2"]?.errors.isEmpty == true)
        #expect(environment.lookup(CatchCard_user(key: user)).data?.friends.first?.name == "Grace")
    }

    /// A `Query` tells the field logger of an error when it appears, not again each time the
    /// data changes around it (as the fragment observers do).
    @Test func aQueryLogsAnErrorOnceWhileItStays() async throws {
        let query = Query<CatchProfileQuery>(
            environment: environment, variables: .init(id: "1"), fetchPolicy: .networkOnly)
        await network.waitForPending(1)
        await network.respond(
            with: Self.response(
                ["friends": #"[{"id": "2", "name": null}]"#],
                errors: [Self.error("name is private", at: #"["user", "friends", 0, "name"]"#)]))
        for _ in 0..<10_000 where query.data == nil { await Task.yield() }
        #expect(loggedErrors.map(\.message) == ["name is private"])
        environment.commitUpdate { store, _ in store.get("1")?.setValue("Poet", "bio") }
        for _ in 0..<10_000 where (try? query.data?.user?.details.get().bio) != "Poet" { await Task.yield() }
        #expect(try query.data?.user?.details.get().bio == "Poet")
        #expect(loggedErrors.map(\.message) == ["name is private"])
    }

    @Test func aLaterResponseWithoutTheErrorClearsIt() async throws {
        let failed = try await fetch(
            Self.response(["name": "null"], errors: [Self.error("name is private", at: #"["user", "name"]"#)]))
        #expect(environment.records["1"]?.errors["name"]?.first?.message == "name is private")
        #expect(environment.lookup(CatchCard_user(key: failed)).fieldError != nil)
        let user = try await fetch(Self.response())
        #expect(try user.name.get() == "Ada")
        #expect(environment.records["1"]?.errors.isEmpty == true)
        #expect(environment.lookup(CatchCard_user(key: user)).data?.name == "Ada")
    }

    @Test func anErrorElsewhereInTheResponseStaysWhereItIs() async throws {
        // An error for another path (a sibling list item) touches nothing this user reads.
        let user = try await fetch(
            Self.response(errors: [Self.error("unrelated", at: #"["user", "friends", 3, "name"]"#)]))
        #expect(try user.name.get() == "Ada")
        #expect(environment.lookup(CatchCard_user(key: user)).fieldError == nil)
        #expect(environment.records["1"]?.errors.isEmpty == true)
    }

    @Test func aMutationUnderCatchGivesItsErrorsAsItsData() async throws {
        async let failed = environment.commitMutation(CatchRenameMutation(id: "1", name: "Bob"))
        await network.waitForPending(1)
        await network.respond(
            with: #"{"data": {"rename": null}, "errors": [\#(Self.error("not allowed", at: #"["rename"]"#))]}"#)
        guard case .failure(let caught) = try await failed else {
            Issue.record("the mutation's data should hold its error")
            return
        }
        #expect(caught.errors.map(\.path) == [["rename"]] && caught.errors.first?.message == "not allowed")
        async let renamed = environment.commitMutation(CatchRenameMutation(id: "1", name: "Bob"))
        await network.waitForPending(1)
        await network.respond(with: #"{"data": {"rename": {"id": "1", "name": "Bob"}}}"#)
        #expect(try await renamed.get().rename?.name == "Bob")
        // A request-level error (no path) is still the mutation's failure.
        let rejected = Task { try await environment.commitMutation(CatchRenameMutation(id: "1", name: "Bob")) }
        await network.waitForPending(1)
        await network.respond(with: #"{"data": {"rename": null}, "errors": [{"message": "rate limited"}]}"#)
        await #expect(throws: RelayError.self) { try await rejected.value }
    }
}
