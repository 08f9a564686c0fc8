// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation
import Testing

@_spi(RelayGenerated) @testable import Relay

// The runtime fills generated structs' stored properties through the layout the Swift runtime
// describes (`SelectionLayout`), with no initialiser in generated code. These types are shaped as
// the compiler writes them (nested structs conforming to nothing runtime-side); the
// tests read every kind of property, fail part-way and read concurrently, and run under the
// address and thread sanitizers in CI.

/// How many `TrackedScalar` values made from each JSON string are alive: a value the runtime made
/// and then dropped (a property read before a failing one) must be destroyed, not leaked.
private let liveScalars = LiveCounts()

/// Counts under an `NSLock` (ThreadSanitizer on Linux does not see `Synchronization.Mutex`'s ordering).
private final class LiveCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func withLock<T>(_ body: (inout [String: Int]) -> T) -> T { lock.withLock { body(&counts) } }
}

private final class ScalarStorage: Sendable {
    let text: String
    init(_ text: String) {
        self.text = text
        liveScalars.withLock { $0[text, default: 0] += 1 }
    }
    deinit { liveScalars.withLock { $0[text, default: 0] -= 1 } }
}

/// A custom scalar holding a reference, so a value made twice, leaked or freed twice shows.
private struct TrackedScalar: GraphQLScalar {
    let storage: ScalarStorage
    var text: String { storage.text }

    init(scalarValue: VariableValue) throws {
        guard case .string(let text) = scalarValue else { throw ScalarValueError("not a string") }
        storage = ScalarStorage(text)
    }
    init(from decoder: Decoder) throws {
        storage = ScalarStorage(try decoder.singleValueContainer().decode(String.self))
    }
    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
    var variableValue: VariableValue { .string(text) }
}

private enum Mood: String, SchemaEnum {
    case happy = "HAPPY"
    case sad = "SAD"
}

private struct EveryKind: SelectionData, Hashable {
    let text: String
    let count: Int
    let ratio: Double
    let flag: Bool
    let dataID: DataID
    let json: VariableValue
    let pointer: FragmentPointer
    let mood: GraphQLEnum<Mood>
    let futureMood: GraphQLEnum<Mood>
    let closedMood: Mood
    let scalar: TrackedScalar
    let maybeScalar: TrackedScalar?
    let absent: String?
    let child: Child
    let maybeChild: Child?
    let noChild: Child?
    let children: [Child]
    let sparseChildren: [Child?]?
    let grid: [[String]]
    let caught: Result<Child, FieldErrors>
    let failed: Result<Child, FieldErrors>
    let caughtText: Result<String, FieldErrors>?
    let maybeCaught: Result<Child, FieldErrors>?
    let noCaught: Result<Child, FieldErrors>?
    let member: Member
    let friends: Friends
    let __fields: SelectionFields

    struct Child {
        let name: String
        let tag: TrackedScalar?
        let __fields: SelectionFields
    }

    enum Member: SelectionObject {
        case user(AsUser)
        case unknown(Fallback)
        struct AsUser {
            let __typename: String
            let login: String
            let __fields: SelectionFields
        }
        struct Fallback {
            let __typename: String
            let __fields: SelectionFields
        }
        init(data: SelectionFields) throws {
            switch try data["__typename"] as String {
            case "User": self = .user(try data.object(AsUser.self))
            default: self = .unknown(try data.object(Fallback.self))
            }
        }
    }

    struct Friends: ConnectionCollection {
        let edges: [Edge?]?
        let __fields: SelectionFields
        typealias Element = Edge.Node
        let nodes: [Element]
        struct Edge {
            let node: Node?
            let __fields: SelectionFields
            struct Node {
                let name: String
                let __fields: SelectionFields
            }
        }
    }
}

private func child(_ name: String, tag: String? = nil) -> VariableValue {
    ["name": .string(name), "tag": tag.map(VariableValue.string) ?? .null]
}

private func everyKindFields(prefix: String) -> [String: VariableValue] {
    [
        "text": "hello", "count": 3, "ratio": 0.5, "flag": true, "dataID": "client:1", "json": ["any": [1, nil]],
        "pointer": ["id": "4", "variables": ["first": 2]], "mood": "HAPPY", "futureMood": "CURIOUS",
        "closedMood": "SAD",
        "scalar": .string(prefix + "scalar"), "maybeScalar": .string(prefix + "maybe"),
        "child": child("a", tag: prefix + "child-tag"), "maybeChild": child("b"), "noChild": nil,
        "children": [child("c", tag: prefix + "list-tag"), child("d")], "sparseChildren": [child("e"), nil],
        "grid": [["x", "y"], []], "caught": ["value": child("f")],
        "failed": ["ok": false, "errors": [["message": "boom"]]], "caughtText": ["value": "g"],
        "maybeCaught": ["value": child("j", tag: prefix + "caught-tag")], "noCaught": nil,
        "member": ["__typename": "User", "login": "octocat"],
        "friends": [
            "edges": [["node": ["name": "h"]], nil, ["node": nil], ["node": ["name": "i"]]]
        ],
    ]
}

@Suite struct SelectionLayoutTests {
    @Test func everyKindOfPropertyReadsIntoItsPlace() throws {
        let data = try EveryKind(data: SelectionFields(everyKindFields(prefix: "every-")))
        #expect(data.text == "hello" && data.count == 3 && data.ratio == 0.5 && data.flag)
        #expect(data.dataID == DataID("client:1"))
        #expect(data.json == ["any": [1, nil]])
        #expect(data.pointer.id == DataID("4") && data.pointer.variables.fields["first"] == 2)
        #expect(data.mood == .happy && data.futureMood == .unknown("CURIOUS") && data.closedMood == .sad)
        #expect(data.scalar.text == "every-scalar" && data.maybeScalar?.text == "every-maybe")
        #expect(data.absent == nil && data.noChild == nil)
        #expect(data.child.name == "a" && data.child.tag?.text == "every-child-tag")
        #expect(data.maybeChild?.name == "b" && data.maybeChild?.tag == nil)
        #expect(data.children.map(\.name) == ["c", "d"] && data.children[0].tag?.text == "every-list-tag")
        #expect(data.sparseChildren?.map { $0?.name } == ["e", nil])
        #expect(data.grid == [["x", "y"], []])
        #expect((try? data.caught.get())?.name == "f")
        guard case .failure(let errors) = data.failed else {
            Issue.record("a caught error reads as a failure")
            return
        }
        #expect(errors.errors.map(\.message) == ["boom"])
        #expect(try data.caughtText?.get() == "g")
        // An optional of a type with no bit patterns to spare has a tag byte after it.
        #expect(try data.maybeCaught?.get().tag?.text == "every-caught-tag" && data.noCaught == nil)
        guard case .user(let user) = data.member else {
            Issue.record("the union's case follows __typename")
            return
        }
        #expect(user.login == "octocat" && user.__typename == "User")
        // A connection's nodes: its edges' nodes in order, null edges and nodes left out.
        #expect(data.friends.map(\.name) == ["h", "i"] && data.friends.count == 2)
        #expect(data.friends.edges?.count == 4)
        // `__fields` holds what the struct was read from, which its equality and hash use.
        #expect(data.child.__fields == SelectionFields(["name": "a", "tag": "every-child-tag"]))
        #expect(data == (try EveryKind(data: SelectionFields(everyKindFields(prefix: "every-")))))
    }

    @Test func everyValueMadeIsDestroyedWithItsStruct() throws {
        do {
            let data = try EveryKind(data: SelectionFields(everyKindFields(prefix: "kept-")))
            #expect(liveScalars.withLock { $0["kept-scalar"] } == 1)
            #expect(data.children.count == 2)
        }
        for text in ["kept-scalar", "kept-maybe", "kept-child-tag", "kept-list-tag", "kept-caught-tag"] {
            #expect(liveScalars.withLock { $0[text] } == 0, "\(text) leaked")
        }
    }

    /// A property that fails after others were made: those are destroyed, once, and the error
    /// names where the failure is.
    static let failures: [(key: String, value: VariableValue, path: [String])] = [
        ("member", .null, []),
        ("friends", ["edges": [["node": ["name": 1]]]], ["friends", "edges", "0", "node", "name"]),
        ("children", [child("c", tag: "t"), ["name": 5]], ["children", "1", "name"]),
        ("sparseChildren", [child("e"), ["tag": "x", "name": true]], ["sparseChildren", "1", "name"]),
        ("children", [child("c", tag: "t"), ["tag": "u"]], []),
        ("caught", ["value": ["name": false]], ["caught", "value", "name"]),
        ("grid", [["x"], [2]], ["grid", "1", "0"]),
        ("closedMood", "CURIOUS", ["closedMood"]),
    ]

    @Test(arguments: failures)
    func aFailingPropertyDestroysTheOnesMadeBefore(key: String, value: VariableValue, path: [String]) throws {
        let prefix = "failing-\(key)-"
        var fields = everyKindFields(prefix: prefix)
        fields[key] = value
        do {
            _ = try EveryKind(data: SelectionFields(fields))
            Issue.record("reading \(key) should fail")
        } catch {
            let failure = error as? ValueConversionFailure
            // A null where a value is needed is missing data (no path: the reader reports it).
            if path.isEmpty || value == .null {
                #expect(failure == nil)
            } else {
                #expect(failure?.path == path, "\(error)")
            }
        }
        for text in ["scalar", "maybe", "child-tag", "list-tag", "caught-tag"] {
            #expect(liveScalars.withLock { $0[prefix + text] ?? 0 } == 0, "\(prefix + text) leaked")
        }
    }

    @Test func aTypeTheRuntimeCannotReadIsAnErrorNotACrash() {
        struct WithDate: SelectionData {
            let date: Date
            let __fields: SelectionFields
        }
        struct WithoutFields: SelectionData {
            let name: String
            var __fields: SelectionFields { SelectionFields([:]) }
        }
        struct Nesting: SelectionData {
            let node: Node
            let __fields: SelectionFields
            struct Node: Sendable {
                let nodes: [Node]
                let __fields: SelectionFields
            }
        }
        final class AsClass: SelectionData {
            let name: String = ""
            let __fields = SelectionFields([:])
            init(data: SelectionFields) throws { _ = try data.object(AsClass.self) }
        }
        for read in [
            { _ = try AsClass(data: SelectionFields(["name": "x"])) },
            { _ = try WithDate(data: SelectionFields(["date": "today"])) },
            { _ = try WithoutFields(data: SelectionFields(["name": "x"])) },
            { _ = try Nesting(data: SelectionFields(["node": ["nodes": []]])) },
        ] {
            #expect(throws: (any Error).self) { try read() }
        }
        #expect(throws: (any Error).self) { _ = try SelectionFields([:]).object(Int.self) }
    }

    /// Many tasks read a type none has read before: its layout is worked out once or more, never
    /// torn, and every value is whole.
    @Test func concurrentFirstReadsAgree() async throws {
        struct Fresh: SelectionData {
            let id: String
            let items: [Item]
            let __fields: SelectionFields
            struct Item {
                let tag: TrackedScalar
                let __fields: SelectionFields
            }
        }
        let names = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<32 {
                group.addTask {
                    let fields: [String: VariableValue] = [
                        "id": .string("\(task)"),
                        "items": [["tag": .string("concurrent-\(task)")], ["tag": .string("concurrent-\(task)")]],
                    ]
                    let fresh = try Fresh(data: SelectionFields(fields))
                    return [fresh.id] + fresh.items.map(\.tag.text)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(names.map { $0[0] }).count == 32)
        #expect(names.allSatisfy { $0[1] == "concurrent-\($0[0])" && $0[2] == $0[1] })
        #expect(liveScalars.withLock { $0.filter { $0.key.hasPrefix("concurrent-") }.values.allSatisfy { $0 == 0 } })
    }
}
