import Foundation
import Relay
import Testing

private enum State: String, SchemaEnum {
    case open = "OPEN"
    case closed = "CLOSED"
    case unknown = "UNKNOWN"
}

/// A schema enum read as `GraphQLEnum`: known values compare and switch as the enum's own cases,
/// a value added to the schema later is kept as the server spelled it.
@Suite struct GraphQLEnumTests {
    @Test func knownValuesCompareAndSwitchAsTheEnumsCases() throws {
        let state = try GraphQLEnum<State>(selectionValue: "OPEN")
        #expect(state == .open && .open == state && state != .closed)
        #expect(state.value == .open && state.rawValue == "OPEN")
        let label =
            switch state {
            case .open: "open"
            case .closed: "closed"
            default: "other"
            }
        #expect(label == "open")
    }

    @Test func anOptionalComparesWithAKnownCase() throws {
        let present: GraphQLEnum<State>? = .case(.closed)
        let absent: GraphQLEnum<State>? = nil
        #expect(present == .closed && present != .open && absent != .closed && absent == nil)
        let label =
            switch present {
            case .open?: "open"
            case .closed?: "closed"
            default: "other"
            }
        #expect(label == "closed")
    }

    @Test func aValueAddedLaterIsKeptAsSpelled() throws {
        let state = try GraphQLEnum<State>(selectionValue: "MERGED")
        #expect(state == .unknown("MERGED") && state.value == nil && state != .open)
        #expect(state.rawValue == "MERGED" && state.variableValue == "MERGED")
        // The wrapper's own `unknown` is not the enum's `UNKNOWN` value.
        #expect(try GraphQLEnum<State>(selectionValue: "UNKNOWN") == .case(.unknown))
        #expect(try GraphQLEnum<State>(selectionValue: "UNKNOWN") != .unknown("MERGED"))
    }

    @Test func equalityFollowsTheServersSpelling() {
        #expect(GraphQLEnum<State>.unknown("OPEN") == .case(.open))
        #expect(Set([GraphQLEnum<State>.unknown("OPEN"), .case(.open), GraphQLEnum(rawValue: "OPEN")]).count == 1)
    }

    @Test func codingAndVariablesUseTheRawValue() throws {
        let values: [GraphQLEnum<State>] = [.case(.closed), .unknown("MERGED")]
        let encoded = try JSONEncoder().encode(values)
        #expect(String(decoding: encoded, as: UTF8.self) == #"["CLOSED","MERGED"]"#)
        #expect(try JSONDecoder().decode([GraphQLEnum<State>].self, from: encoded) == values)
        #expect(State.closed.variableValue == "CLOSED" && State.allCases.count == 3)
    }

    @Test func theEnumItselfRejectsAValueItDoesNotKnow() throws {
        #expect(try State(selectionValue: "CLOSED") == .closed)
        #expect(throws: (any Error).self) { try State(selectionValue: "MERGED") }
        #expect(throws: (any Error).self) { try State(selectionValue: 3) }
    }
}
