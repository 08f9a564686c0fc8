import Foundation
import Relay
import Testing

/// The `GraphQLScalar` conformances Relay ships: what each accepts, rejects and writes back.
struct GraphQLScalarTests {
    @Test func aDateReadsISO8601WithOrWithoutFractionAndOffset() throws {
        let noon = Date(timeIntervalSince1970: 1_795_089_600)  // 2026-11-19T12:00:00Z
        #expect(try Date(scalarValue: "2026-11-19T12:00:00Z") == noon)
        #expect(try Date(scalarValue: "2026-11-19T13:00:00+01:00") == noon)
        #expect(try Date(scalarValue: "2026-11-19T12:00:00.250Z") == noon.addingTimeInterval(0.25))
        for bad: VariableValue in ["2026-11-19", "noon", "", 1_795_089_600, nil, ["2026-11-19T12:00:00Z"]] {
            #expect(throws: ScalarValueError.self) { try Date(scalarValue: bad) }
        }
    }

    @Test func aDateWritesUTCWithMillisecondsOnlyWhenItHasAFraction() throws {
        let noon = Date(timeIntervalSince1970: 1_795_089_600)
        #expect(noon.variableValue == "2026-11-19T12:00:00Z")
        #expect(noon.addingTimeInterval(0.5).variableValue == "2026-11-19T12:00:00.500Z")
        for date in [noon, noon.addingTimeInterval(0.125), Date(timeIntervalSince1970: 0)] {
            #expect(try Date(scalarValue: date.variableValue) == date)
        }
    }

    @Test func aURLIsAString() throws {
        #expect(try URL(scalarValue: "https://example.com/a?b=c") == URL(string: "https://example.com/a?b=c"))
        #expect(URL(string: "https://example.com/a")?.variableValue == "https://example.com/a")
        for bad: VariableValue in ["", 3, nil] {
            #expect(throws: ScalarValueError.self) { try URL(scalarValue: bad) }
        }
    }

    @Test func aDecimalReadsAnExactStringOrANumberAndWritesAString() throws {
        #expect(try Decimal(scalarValue: "19.99") == Decimal(string: "19.99"))
        #expect(try Decimal(scalarValue: "-0.000001") == Decimal(string: "-0.000001"))
        #expect(try Decimal(scalarValue: 42) == 42)
        #expect(try Decimal(scalarValue: 2.5) == Decimal(string: "2.5"))
        #expect(try Decimal(scalarValue: "19.99").variableValue == "19.99")
        for bad: VariableValue in ["19.99 EUR", "1.2.3", "", "abc", true, nil] {
            #expect(throws: ScalarValueError.self) { try Decimal(scalarValue: bad) }
        }
    }

    /// A type that is only `GraphQLScalar` is `Codable` through its JSON form, so other
    /// decoders (a cache on disk, a test fixture) see what the store holds.
    @Test func anAppsOwnScalarIsCodableThroughItsJSONForm() throws {
        struct Cents: GraphQLScalar {
            var amount: Int
            init(amount: Int) { self.amount = amount }
            init(scalarValue: VariableValue) throws {
                guard case .int(let amount) = scalarValue else { throw ScalarValueError("expected an integer") }
                self.amount = amount
            }
            var variableValue: VariableValue { .int(amount) }
        }
        let encoded = try JSONEncoder().encode([Cents(amount: 1999)])
        #expect(String(decoding: encoded, as: UTF8.self) == "[1999]")
        #expect(try JSONDecoder().decode([Cents].self, from: encoded) == [Cents(amount: 1999)])
        #expect(throws: (any Error).self) { try JSONDecoder().decode([Cents].self, from: Data(#"["x"]"#.utf8)) }
    }
}
