import Foundation
import GoldenTodoList
@_spi(RelayGenerated) import Relay
import Testing

/// An app's field handlers (Relay's `handlerProvider`): the environment runs the handler an app
/// provides for a handle name after the response's records are written, and readers see what it
/// wrote under the handle key.
struct FieldHandlerTests {
    /// Relay's own example: a handler that upper-cases a name into `__name_uppercase`.
    struct Uppercase: CustomFieldHandler {
        func update(_ store: RecordSourceSelectorProxy, _ payload: HandleFieldPayload) {
            guard let record = store.get(payload.dataID),
                case .string(let name)? = record.getValue(payload.fieldKey)
            else { return }
            record.setValue(.string(name.uppercased()), payload.handleKey)
        }
    }

    static func environment(provider: (@Sendable (String) -> (any CustomFieldHandler)?)?) -> Environment {
        Environment(network: MockNetwork()) {
            $0.handlerProvider = provider
        }
    }

    @Test func anAppsHandlerWritesWhatReadersSee() throws {
        let environment = Self.environment { $0 == "uppercase" ? Uppercase() : nil }
        try environment.commitPayload(ViewerNameQuery(), data: ["me": ["id": "1", "name": "zuck"]])
        #expect(environment.records["1"]?["name"] == .scalar("zuck"))
        #expect(environment.records["1"]?["__name_uppercase"] == .scalar("ZUCK"))
        // The reader selects the handle key: the operation's data is there.
        #expect(environment.isAvailable(ViewerNameQuery()))
        #expect(!environment.lookup(ViewerNameQuery()).isMissingData)
    }

    @Test func theHandlerGetsWhereTheFieldIs() throws {
        let seen = LockedPayloads()
        let environment = Self.environment { _ in Recording(seen: seen) }
        try environment.commitPayload(ViewerNameQuery(), data: ["me": ["id": "1", "name": "zuck"]])
        #expect(
            seen.payloads == [
                HandleFieldPayload(dataID: "1", fieldKey: "name", handle: "uppercase", handleKey: "__name_uppercase")
            ])
    }

    @Test func aHandleNoOneHandlesIsSkipped() throws {
        let environment = Self.environment(provider: nil)
        try environment.commitPayload(ViewerNameQuery(), data: ["me": ["id": "1", "name": "zuck"]])
        #expect(environment.records["1"]?["name"] == .scalar("zuck"))
        #expect(environment.records["1"]?["__name_uppercase"] == nil)
        // What the handler would have written is missing.
        #expect(environment.lookup(ViewerNameQuery()).isMissingData)
    }

    /// Built-in handles stay built in: the provider is not asked for `@connection`'s.
    @Test func theProviderIsAskedOnlyForNamesNotBuiltIn() throws {
        let asked = LockedPayloads()
        let environment = Self.environment { name in
            asked.append(HandleFieldPayload(dataID: "", fieldKey: "", handle: name, handleKey: ""))
            return nil
        }
        try environment.commitPayload(
            TodoListQuery(),
            data: [
                "viewer": [
                    "id": "me", "openCount": 1,
                    "todos": [
                        "edges": [
                            [
                                "cursor": "c1",
                                "node": ["__typename": "Todo", "id": "t1", "text": "a", "complete": false],
                            ]
                        ],
                        "pageInfo": ["hasNextPage": false, "endCursor": "c1"],
                    ],
                ]
            ])
        #expect(environment.records["me"]?["__TodoList_todos_connection"] != nil)
        try environment.commitPayload(ViewerNameQuery(), data: ["me": ["id": "1", "name": "zuck"]])
        #expect(asked.payloads.map(\.handle) == ["uppercase"])
    }
}

private struct Recording: CustomFieldHandler {
    let seen: LockedPayloads
    func update(_ store: RecordSourceSelectorProxy, _ payload: HandleFieldPayload) { seen.append(payload) }
}

private final class LockedPayloads: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [HandleFieldPayload] = []
    var payloads: [HandleFieldPayload] { lock.withLock { stored } }
    func append(_ payload: HandleFieldPayload) { lock.withLock { stored.append(payload) } }
}

/// `query ViewerNameQuery { me { id name @__clientField(handle: "uppercase") } }`, as Relay's
/// compiler writes it: the reader reads the handle key, normalization stores `name` and runs the
/// handle.
private struct ViewerNameQuery: HandWrittenQuery {
    static let node = ConcreteRequest(
        json: #"""
            {"fragment":{"name":"ViewerNameQuery","type":"Query","selections":[{"kind":"LinkedField","name":"me","concreteType":"User","selections":["id",{"kind":"ScalarField","name":"__name_uppercase","alias":"name"}]}]},
            "operation":{"name":"ViewerNameQuery","selections":[{"kind":"LinkedField","name":"me","concreteType":"User","selections":["id","name",{"kind":"ScalarHandle","name":"name","handle":"uppercase"}]}]},
            "params":{"name":"ViewerNameQuery","operationKind":"query","id":null,"text":"query ViewerNameQuery {\n  me {\n    id\n    name\n  }\n}\n"}}
            """#)
}
