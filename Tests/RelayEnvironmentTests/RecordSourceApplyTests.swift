import Testing

@testable import Relay

/// `RecordSource.apply`: how a response's or a layer's changes land on the store, and which ids
/// it reports as changed (the ids whose subscribers are notified).
@Suite struct RecordSourceApplyTests {
    private func source(_ records: [DataID: Record?]) -> RecordSource { RecordSource(records: records) }

    @Test func newRecordsAreWrittenAndReported() {
        var store = source([:])
        let changed = store.apply(source(["a": Record(id: "a", fields: ["x": .scalar(1)])]))
        #expect(changed == ["a"])
        #expect(store["a"]?["x"] == .scalar(1))
    }

    @Test func aRecordMergesFieldByFieldAndOnlyARealChangeIsReported() {
        var store = source(["a": Record(id: "a", fields: ["x": .scalar(1), "y": .scalar(2)])])
        #expect(store.apply(source(["a": Record(id: "a", fields: ["x": .scalar(1)])])).isEmpty)
        #expect(store.apply(source(["a": Record(id: "a", fields: ["x": .scalar(3)])])) == ["a"])
        #expect(store["a"]?.fields == ["x": .scalar(3), "y": .scalar(2)])
    }

    @Test func deletingAnAbsentRecordLeavesNoDeletionBehind() {
        var store = source([:])
        #expect(store.apply(source(["gone": nil])).isEmpty)
        #expect(!store.has("gone"))
    }

    @Test func deletingARecordKeepsItsDeletionAndReportsItOnce() {
        var store = source(["a": Record(id: "a")])
        #expect(store.apply(source(["a": nil])) == ["a"])
        #expect(store.has("a") && store["a"] == nil)
        #expect(store.apply(source(["a": nil])).isEmpty)
        #expect(store.apply(source(["a": Record(id: "a")])) == ["a"])
        #expect(store["a"] != nil)
    }
}

@Suite struct ClientIDTests {
    @Test func aChildWithoutAnIDIsNamedAfterItsParentAndField() {
        #expect(DataID.client(parent: "me", storageKey: "todos") == "client:me:todos")
        #expect(DataID.client(parent: "me", storageKey: "todos", index: 12) == "client:me:todos:12")
        // The prefix is written once, whatever starts the parent's id.
        #expect(DataID.client(parent: "client:me:todos", storageKey: "edges", index: 0) == "client:me:todos:edges:0")
        #expect(DataID.client(parent: "client", storageKey: "x") == "client:x")
        #expect(DataID.client(parent: "clientele", storageKey: "x") == "client:clientele:x")
    }
}
