import Foundation
import Relay
import Testing

@testable import GoldenSchemaTypes

/// `@oneOf` input objects at run time (the golden `schema-types` case's `EventLookup`, a Swift
/// enum): each case is sent as an object of exactly its one field, nested cases too, and the
/// store keys the field by that object.
@MainActor
struct OneOfInputTests {
    let network = MockNetwork()
    let environment: Environment

    init() {
        environment = Environment(network: network)
    }

    @Test func eachCaseIsSentAsAnObjectOfItsOneField() async throws {
        for (lookup, sent) in [
            (EventLookup.title("Launch"), ["title": "Launch"] as VariableValue),
            (.within(.id("e0")), ["within": ["id": "e0"]]),
            (.kinds([.meeting, .dayOff]), ["kinds": ["MEETING", "DAY_OFF"]]),
        ] {
            async let fetched = environment.fetchQuery(EventsLookupQuery(by: lookup), fetchPolicy: .networkOnly)
            await network.waitForPending(1)
            #expect(await network.variables(0) == ["by": sent])
            await network.respond(with: #"{"data": {"event": {"id": "e1"}}}"#)
            #expect(try await fetched.event?.id == "e1")
        }
        #expect(environment.records[.root]?[#"event(by:{"title":"Launch"})"#] != nil)
    }
}
