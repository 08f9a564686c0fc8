import Foundation
import Relay
import Testing

@testable import GoldenTodoList

/// Missing data you can act on: a snapshot names each field (or record) the store lacks, with
/// the record and the path that led there, and the errors reporting missing data name them.
@MainActor
struct MissingDataTests {
    let environment = Environment(network: MockNetwork())

    /// Two to-dos in `TodoPagesQuery`'s list, the second without its `text`.
    func storeListLackingAText() throws {
        try environment.commitPayload(
            TodoPagesQuery(first: 2),
            data: [
                "viewer": [
                    "id": "me",
                    "todos": [
                        "edges": [
                            ["cursor": "c1", "node": ["id": "todo-1", "text": "Buy milk"]],
                            ["cursor": "c2", "node": ["id": "todo-2"]],
                        ],
                        "pageInfo": [
                            "hasNextPage": false, "hasPreviousPage": false, "startCursor": "c1", "endCursor": "c2",
                        ],
                    ],
                ]
            ])
    }

    @Test func aSnapshotNamesTheMissingFieldItsRecordAndPath() throws {
        try storeListLackingAText()
        let snapshot = environment.lookup(TodoPagesQuery(first: 2))
        #expect(snapshot.isMissingData && snapshot.data == nil)
        #expect(
            snapshot.missingFields == [
                RelayError.MissingField(
                    record: "todo-2", field: "text", path: ["viewer", "todos", "edges", "1", "node", "text"])
            ])
        #expect(snapshot.missingFields.first?.description == "text of record todo-2 at viewer.todos.edges.1.node.text")
    }

    @Test func anUnknownRecordIsNamed() {
        let fragment = TodoDetails_todo(key: TodoKey(fragment_TodoDetails_todo: FragmentPointer(id: "todo-9")))
        let snapshot = environment.lookup(fragment)
        #expect(snapshot.missingFields == [RelayError.MissingField(record: "todo-9", field: nil, path: [])])
    }

    @Test func aCompleteReadMissesNothing() throws {
        try storeListLackingAText()
        environment.commitUpdate { store, _ in store.get("todo-2")?.setValue("Walk the dog", "text") }
        let snapshot = environment.lookup(TodoPagesQuery(first: 2))
        #expect(!snapshot.isMissingData && snapshot.missingFields.isEmpty)
    }

    @Test func aStoreOnlyFetchNamesWhatIsMissing() async throws {
        try storeListLackingAText()
        await #expect(
            throws: RelayError.missingData(
                "the store lacks data for TodoPagesQuery: text of record todo-2 at viewer.todos.edges.1.node.text")
        ) {
            try await environment.fetchQuery(TodoPagesQuery(first: 2), fetchPolicy: .storeOnly)
        }
    }
}
