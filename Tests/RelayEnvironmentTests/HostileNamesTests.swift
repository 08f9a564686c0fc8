import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@testable import GoldenHostile

/// The golden `hostile-names` case's generated code (module `GoldenHostile`) decodes a
/// response whose fields are Swift keywords, names that differ only in case, and Unicode text,
/// and encodes variables and input objects with such names (a field named `self` included).
@MainActor
struct HostileNamesTests {
    static let response = #"""
        {"item": {"__typename": "Item", "id": "1", "ID": "upper", "Id": 7, "class": "c", "self": "s", "Type": "t",
                  "protocol": true, "init": 3, "subscript": ["a", "\"\"\""], "default": "Self", "where": "w",
                  "_": "u", "description": "d", "hashValue": 9, "name": "東京 🚀 \"\"\" */ # \\ e\u0301",
                  "item": {"id": "2", "self": "s2"}, "Item": {"id": "3", "class": "c3"}},
         "Item": {"id": "3"},
         "items": [{"id": "5", "default": "DAY_OFF"}, {"id": "6", "default": "dayOff"}, {"id": "7", "default": "NEW_ONE"}],
         "self": {"id": "8"},
         "Type": {"Type": "T", "self": {"Protocol": "P"}},
         "class": {"id": "2"},
         "Self": {"id": "3"},
         "search": []}
        """#

    @Test func keywordNamedFieldsDecode() throws {
        let environment = Environment(network: MockNetwork())
        let operation = HostileQuery(variables: .init(id: "1"))
        let json = try JSONSerialization.jsonObject(with: Data(Self.response.utf8))
        try environment.commitPayload(operation, data: try #require(VariableValue(json: json)))
        let snapshot = environment.lookup(operation)
        let data = try #require(snapshot.data)
        let item = try #require(data.item)
        #expect(item.ID == "upper" && item.Id == 7 && item.id == "1")
        #expect(item.`class` == "c" && item.`self` == "s" && item.`Type` == "t")
        #expect(item.`protocol` == true && item.`init` == 3 && item.`where` == "w" && item.`_` == "u")
        #expect(item.`subscript` == ["a", "\"\"\""])
        #expect(item.`default` == .`Self`)
        #expect(item.description == "d")
        // A field named `hashValue` competes with Hashable's; with its own type it is the field.
        let hashValueField: Int? = item.hashValue
        #expect(hashValueField == 9)
        #expect(item.name == "東京 🚀 \"\"\" */ # \\ e\u{301}")
        #expect(item.item?.`self` == "s2" && item.Item?.`class` == "c3")
        #expect(data.items.map(\.`default`) == [.case(.DAY_OFF), .case(.dayOff), .unknown("NEW_ONE")])
        #expect(data.`self`?.id == "8" && data.`class`?.id == "2" && data.`Self`?.id == "3")
        #expect(data.`Type`?.`Type` == "T" && data.`Type`?.`self`?.Protocol == "P")
        let fragment = try #require(environment.lookup(Hostile_item(key: item)).data)
        #expect(fragment.`self` == "s" && fragment.`Type` == "t" && fragment.`init` == 3)
    }

    @Test func keywordNamedVariablesAndInputFieldsEncode() throws {
        let filter = Where(
            self: "me", init: 1, default: .default, Type: #"""""#, nested: Where(self: "inner"))
        let operation = HostileQuery(
            variables: .init(id: "1", where: #""" \ */ #"#, class: .`Self`, filter: filter))
        let body = try HostileQuery.node.params.requestBody(variables: operation.variables.variableData)
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let variables = try #require(object["variables"] as? [String: Any])
        #expect(variables["where"] as? String == #""" \ */ #"#)
        #expect(variables["class"] as? String == "Self")
        let encoded = try #require(variables["filter"] as? [String: Any])
        #expect(encoded["self"] as? String == "me")
        #expect(encoded["init"] as? Int == 1)
        #expect(encoded["default"] as? String == "default")
        #expect(encoded["Type"] as? String == #"""""#)
        #expect((encoded["nested"] as? [String: Any])?["self"] as? String == "inner")
    }

    /// Variables and input fields named after the members generated types declare themselves
    /// (`variableData`, `variableValue`) are stored as `<name>_`; their labels and keys stay.
    @Test func variablesAndInputFieldsNamedLikeGeneratedMembersEncode() throws {
        let operation = HostileVariablesQuery(self: "1", variableData: "w", hashValue: .`Self`)
        #expect(operation.variables.variableData_ == "w")
        #expect(
            operation.variables.variableData
                == ["self": "1", "variableData": "w", "hashValue": .string("Self")])
        let filter = Where(variableValue: "v", hashValue: 4, omittingNil: true)
        #expect(filter.variableValue_ == "v")
        #expect(filter.variableValue == .object(["variableValue": "v", "hashValue": 4, "omittingNil": true]))
    }
}
