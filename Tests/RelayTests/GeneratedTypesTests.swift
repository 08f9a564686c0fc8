import Foundation
@_spi(RelayGenerated) import Relay
import Testing

@Suite struct StorageKeyTests {
    @Test func fieldWithoutArgumentsUsesItsName() {
        #expect(storageKey(fieldName: "todos", arguments: [], variables: [:]) == "todos")
    }

    @Test func argumentsAreSortedByNameWithStableJSONValues() {
        let arguments: [ArgumentNode] = [
            .literal(name: "status", value: "OPEN"),
            .variable(name: "first", variableName: "count"),
        ]
        let key = storageKey(fieldName: "todos", arguments: arguments, variables: ["count": 10])
        #expect(key == #"todos(first:10,status:"OPEN")"#)
    }

    @Test func nullAndMissingArgumentsAreLeftOut() {
        let arguments: [ArgumentNode] = [
            .literal(name: "after", value: nil),
            .variable(name: "first", variableName: "missing"),
        ]
        #expect(storageKey(fieldName: "todos", arguments: arguments, variables: [:]) == "todos")
    }

    @Test func objectAndListArgumentsResolveTheirVariables() {
        let arguments: [ArgumentNode] = [
            .object(
                name: "filter",
                fields: [
                    .variable(name: "text", variableName: "query"),
                    .literal(name: "done", value: false),
                ]),
            .list(name: "ids", items: [.literal(name: "0", value: "a"), .variable(name: "1", variableName: "id")]),
        ]
        let key = storageKey(
            fieldName: "search", arguments: arguments, variables: ["query": "milk", "id": "b"])
        #expect(key == #"search(filter:{"done":false,"text":"milk"},ids:["a","b"])"#)
    }
}

@Suite struct VariableValueTests {
    @Test func stableJSONSortsKeysAndEscapesStrings() {
        let value: VariableValue = ["b": [1, 2.5, nil], "a": "line\n\"quoted\"\u{1}"]
        #expect(value.stableJSON == #"{"a":"line\n\"quoted\"\u0001","b":[1,2.5,null]}"#)
    }

    @Test func wholeFloatsPrintWithoutAFraction() {
        #expect(VariableValue.float(3).stableJSON == "3")
        #expect(VariableValue.float(-0.5).stableJSON == "-0.5")
    }

    @Test func codableRoundTripKeepsEveryCase() throws {
        let value: VariableValue = [
            "null": nil, "bool": true, "int": 7, "float": 1.25, "string": "text", "list": [1, "two"],
            "object": ["nested": false],
        ]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(VariableValue.self, from: data) == value)
    }

    @Test func convertibleValuesMapOptionalsAndListsToVariableValues() {
        let missing: Int? = nil
        #expect(missing.variableValue == .null)
        #expect(["a", "b"].variableValue == ["a", "b"])
        #expect(Optional(true).variableValue == true)
        #expect(2.5.variableValue == 2.5)
    }

    @Test func emptyVariablesHaveNoFields() {
        #expect(EmptyVariables().variableData == [:])
        #expect(VariableData(["id": "1"])["id"] == "1")
    }
}

@Suite struct SelectionTests {
    @Test func fieldFactoriesWrapScalarAndLinkedFields() {
        let scalar = ReaderSelection.field(ReaderScalarField(name: "text"))
        let linked = ReaderSelection.field(ReaderLinkedField(name: "todos", plural: true, selections: [scalar]))
        #expect(scalar == .scalarField(ReaderScalarField(name: "text")))
        guard case .linkedField(let field) = linked else {
            Issue.record("expected a linked field, got \(linked)")
            return
        }
        #expect(field.plural && field.selections == [scalar])
    }

    @Test func dataIDEncodesAsAPlainString() throws {
        let data = try JSONEncoder().encode([DataID.root])
        #expect(String(decoding: data, as: UTF8.self) == #"["client:root"]"#)
        #expect(try JSONDecoder().decode([DataID].self, from: data) == [.root])
    }
}

/// The shape the compiler generates for `fragment ToDoItem_todo on Todo { text }` and a query
/// type that spreads it.
private struct ToDoItem_todo: Relay.Fragment {
    struct Data: SelectionData, Hashable {
        let text: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let __fields: SelectionFields
        init(data: SelectionFields) throws { (__fields, text) = (data, try data["text"]) }
    }
    var fragmentPointer: FragmentPointer
    init(key: any ToDoItem_todo_Key) { fragmentPointer = key.fragment_ToDoItem_todo }
    static let node = ReaderFragment(json: #"{"name":"ToDoItem_todo","type":"Todo","selections":["text"]}"#)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
private protocol ToDoItem_todo_Key { var fragment_ToDoItem_todo: FragmentPointer { get } }

private struct Todo_todo: Decodable, ToDoItem_todo_Key {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var fragment_ToDoItem_todo: FragmentPointer
}

@Suite struct FragmentTests {
    @Test func fragmentReadsThePointerItsKeyCarries() {
        let pointer = FragmentPointer(id: "todo:1", variables: ["first": 10], ownerName: "TodoListQuery")
        let fragment = ToDoItem_todo(key: Todo_todo(fragment_ToDoItem_todo: pointer))
        #expect(fragment.fragmentPointer == pointer)
        #expect(ToDoItem_todo.node.type == "Todo")
    }

    @Test func pointerVariablesEncodeAsAPlainObject() throws {
        let pointer = FragmentPointer(id: "todo:1", variables: ["first": 10])
        let data = try JSONEncoder().encode(pointer.variables)
        #expect(String(decoding: data, as: UTF8.self) == #"{"first":10}"#)
        let decoded = try JSONDecoder().decode(FragmentPointer.self, from: try JSONEncoder().encode(pointer))
        #expect(decoded == pointer)
    }
}

/// Nested data types are not `Hashable` (only a definition's own `Data` is): they compare with
/// `==` by the fields they were read from, and `__fields` is their key.
@Suite struct NestedDataTests {
    private struct Row: SelectionData {
        let text: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let __fields: SelectionFields
        init(data: SelectionFields) throws { (__fields, text) = (data, try data["text"]) }
    }

    @Test func nestedValuesCompareByTheirFieldsAndAreKeyedByThem() throws {
        let first = try Row(selectionValue: ["text": "Buy milk", "id": "1"])
        let same = try Row(selectionValue: ["text": "Buy milk", "id": "1"])
        let other = try Row(selectionValue: ["text": "Buy milk", "id": "2"])
        #expect(first == same)
        #expect(!(first == other))
        #expect(Set([first, same, other].map(\.__fields)).count == 2)
    }

    @Test func jsonStringsEscapeQuotesBackslashesAndControlCharacters() {
        #expect(VariableValue.jsonString("plain") == #""plain""#)
        #expect(VariableValue.jsonString("a\"b\\c\nd\r\te\u{1}\u{1F}é") == #""a\"b\\c\nd\r\te\u0001\u001fé""#)
    }
}
