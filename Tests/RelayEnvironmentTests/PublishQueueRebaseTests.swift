import Foundation
import Testing

@testable import Relay

/// The publish queue re-applies only the optimistic layers a change can reach — those that read
/// or wrote the records that changed, and the layers connected to them — and what readers see
/// is what re-applying every layer in order would give (relay-runtime's rule), here for updaters
/// that read one record and write another, layers that build on each other, and removals.
struct PublishQueueRebaseTests {
    /// Counts how often each layer's updater ran.
    final class Runs: @unchecked Sendable {
        var counts: [String: Int] = [:]
    }

    static func record(_ id: String, count: Int) -> RecordSource {
        RecordSource(records: [
            DataID(id): Record(id: DataID(id), typename: "Counter", fields: ["count": .scalar(.int(count))])
        ])
    }

    static func count(_ queue: PublishQueue, _ id: String) -> Int? {
        guard case .scalar(.int(let count))? = queue.visible[DataID(id)]?["count"] else { return nil }
        return count
    }

    /// A layer whose updater sets `target.count` to `source.count + add`.
    static func derived(_ layer: Int, _ target: String, from source: String, add: Int, runs: Runs)
        -> PublishQueue.Layer
    {
        PublishQueue.Layer(id: layer, payload: nil) { store in
            runs.counts[target, default: 0] += 1
            let read = store.get(DataID(source))?.getValue("count")
            guard case .int(let value)? = read else { return }
            store.get(DataID(target))?.setValue(.int(value + add), "count")
        }
    }

    @Test func aServerWriteReachesALayerThatReadTheRecordAndNoOther() {
        var queue = PublishQueue()
        let runs = Runs()
        for id in ["a", "b", "x", "y"] { _ = queue.publish(Self.record(id, count: 0)) }
        _ = queue.addLayer(Self.derived(1, "b", from: "a", add: 10, runs: runs))
        _ = queue.addLayer(Self.derived(2, "y", from: "x", add: 100, runs: runs))
        #expect(Self.count(queue, "b") == 10 && Self.count(queue, "y") == 100)

        let changed = queue.publish(Self.record("a", count: 5)).changed
        #expect(Self.count(queue, "b") == 15, "the layer reading a is re-applied on the new a")
        #expect(changed == [DataID("a"), DataID("b")])
        #expect(runs.counts == ["b": 2, "y": 1], "the layer on separate records is not re-applied")

        // The layer's own record written by the server: the layer still wins, as in Relay.
        _ = queue.publish(Self.record("b", count: 99))
        #expect(Self.count(queue, "b") == 15)
        #expect(runs.counts == ["b": 3, "y": 1])
    }

    @Test func removingALayerReappliesTheLayersThatBuiltOnIt() {
        var queue = PublishQueue()
        let runs = Runs()
        for id in ["a", "b", "c", "z"] { _ = queue.publish(Self.record(id, count: 1)) }
        _ = queue.addLayer(PublishQueue.Layer(id: 1, payload: Self.record("a", count: 7), updater: nil))
        _ = queue.addLayer(Self.derived(2, "b", from: "a", add: 1, runs: runs))
        _ = queue.addLayer(Self.derived(3, "c", from: "b", add: 1, runs: runs))
        _ = queue.addLayer(Self.derived(4, "z", from: "z", add: 1, runs: runs))
        #expect([Self.count(queue, "a"), Self.count(queue, "b"), Self.count(queue, "c")] == [7, 8, 9])

        let changed = queue.removeLayer(id: 1)
        #expect([Self.count(queue, "a"), Self.count(queue, "b"), Self.count(queue, "c")] == [1, 2, 3])
        #expect(changed == [DataID("a"), DataID("b"), DataID("c")])
        #expect(runs.counts == ["b": 2, "c": 2, "z": 1])

        // A server answer that finishes a layer in the same step.
        let finished = queue.publish(Self.record("b", count: 40), finishing: 2).changed
        #expect([Self.count(queue, "b"), Self.count(queue, "c")] == [40, 41])
        #expect(finished == [DataID("b"), DataID("c")])
        _ = queue.removeLayer(id: 3)
        _ = queue.removeLayer(id: 4)
        #expect(!queue.hasLayers)
        #expect(
            [Self.count(queue, "a"), Self.count(queue, "b"), Self.count(queue, "c"), Self.count(queue, "z")] == [
                1, 40, 1, 1,
            ])
    }

    @Test func aLayerThatStartsReadingAnotherLayersRecordRebuildsInOrder() {
        var queue = PublishQueue()
        let runs = Runs()
        for id in ["a", "b", "flag"] { _ = queue.publish(Self.record(id, count: 0)) }
        // Layer 1 reads `flag`; once the server sets it, it also reads `b`, which layer 2 writes.
        _ = queue.addLayer(
            PublishQueue.Layer(id: 1, payload: nil) { store in
                runs.counts["a", default: 0] += 1
                guard case .int(let flag)? = store.get("flag")?.getValue("count"), flag > 0 else { return }
                guard case .int(let b)? = store.get("b")?.getValue("count") else { return }
                store.get("a")?.setValue(.int(b + 1), "count")
            })
        _ = queue.addLayer(PublishQueue.Layer(id: 2, payload: Self.record("b", count: 50), updater: nil))
        _ = queue.publish(Self.record("flag", count: 1))
        // Applied in order, layer 1 reads b before layer 2 writes it.
        #expect(Self.count(queue, "a") == 1)
        #expect(Self.count(queue, "b") == 50)
    }
}
