import Testing

@testable import Relay

/// The notification queue that lets subscribers read outside the store's lock: what a write
/// queues, in which order deliveries come, and how a subscriber that saw a record for the first
/// time during a delivery still hears of a write to it that came meanwhile.
struct RecordSubscriptionsTests {
    /// A source with one record per id.
    func source(_ ids: DataID...) -> RecordSource {
        RecordSource(records: Dictionary(uniqueKeysWithValues: ids.map { ($0, Record(id: $0)) }))
    }

    /// Delivers one notification as the store would (the refresh reading `reads`), returning the
    /// next one.
    func deliver(
        _ delivery: RecordSubscriptions.Delivery, reading reads: Set<DataID>, in queue: inout RecordSubscriptions
    )
        -> RecordSubscriptions.Delivery?
    {
        queue.finishDelivery(delivery.subscribers.map { ($0, reads) })
    }

    @Test func aSubscriberIsFirstQueuedForItsInitialRead() throws {
        var queue = RecordSubscriptions()
        let id = queue.add(source: source("a"), refresh: { _ in [] })
        let taken1 = queue.beginDelivery()
        let delivery = try #require(taken1)
        #expect(delivery.subscribers.map(\.id) == [id])
        #expect(delivery.source.has("a"))
        let finished = deliver(delivery, reading: ["a"], in: &queue)
        #expect(finished == nil)
        #expect(queue.isIdle)
        #expect(Set(queue.readRecords) == ["a"])
    }

    @Test func aWriteNobodyReadsQueuesNothingWhenIdle() {
        var queue = RecordSubscriptions()
        queue.enqueue(changed: ["a"]) {
            Issue.record("the source is not needed")
            return RecordSource()
        }
        #expect(queue.isIdle)
        let taken9 = queue.beginDelivery()
        #expect(taken9 == nil)
    }

    @Test func aWriteReachesOnlyTheSubscribersOfItsRecords() throws {
        var queue = RecordSubscriptions()
        _ = queue.add(source: source("a", "b"), refresh: { _ in [] })
        let readsB = queue.add(source: source("a", "b"), refresh: { _ in [] })
        let taken2 = queue.beginDelivery()
        let first = try #require(taken2)
        let secondDelivery = deliver(first, reading: ["a"], in: &queue)
        let second = try #require(secondDelivery)
        let finished = deliver(second, reading: ["b"], in: &queue)
        #expect(finished == nil)
        queue.enqueue(changed: ["b"]) { source("a", "b") }
        let taken3 = queue.beginDelivery()
        let delivery = try #require(taken3)
        #expect(delivery.subscribers.map(\.id) == [readsB])
    }

    @Test func aSubscriberThatSawARecordDuringADeliveryHearsOfALaterWriteToIt() throws {
        var queue = RecordSubscriptions()
        let id = queue.add(source: source("a"), refresh: { _ in [] })
        let taken4 = queue.beginDelivery()
        let delivery = try #require(taken4)
        // While the subscriber reads (outside the lock), another writer changes "b", which it
        // has not read before; the write is queued although nobody is indexed under "b".
        queue.enqueue(changed: ["b"]) { source("a", "b") }
        // Another caller cannot deliver meanwhile: the first delivers in order.
        let taken10 = queue.beginDelivery()
        #expect(taken10 == nil)
        // The subscriber turns out to have read "b" (say "a" links to it now).
        let nextDelivery = deliver(delivery, reading: ["a", "b"], in: &queue)
        let next = try #require(nextDelivery)
        #expect(next.subscribers.map(\.id) == [id])
        #expect(next.source.has("b"))
        let finished = deliver(next, reading: ["a", "b"], in: &queue)
        #expect(finished == nil)
        #expect(queue.isIdle)
    }

    @Test func notificationsAreDeliveredInTheOrderOfTheirWrites() throws {
        var queue = RecordSubscriptions()
        _ = queue.add(source: source("a"), refresh: { _ in [] })
        let taken5 = queue.beginDelivery()
        var delivery = try #require(taken5)
        queue.enqueue(changed: ["a"]) { source("a", "first") }
        queue.enqueue(changed: ["a"]) { source("a", "second") }
        var sources: [RecordSource] = []
        while let next = deliver(delivery, reading: ["a"], in: &queue) {
            sources.append(next.source)
            delivery = next
        }
        #expect(sources.map { $0.has("first") && !$0.has("second") } == [true, false])
        #expect(sources.map { $0.has("second") } == [false, true])
    }

    @Test func aSubscriberRemovedDuringADeliveryIsNotIndexed() throws {
        var queue = RecordSubscriptions()
        let id = queue.add(source: source("a"), refresh: { _ in [] })
        let taken6 = queue.beginDelivery()
        let delivery = try #require(taken6)
        queue.remove(id)
        let finished = deliver(delivery, reading: ["a"], in: &queue)
        #expect(finished == nil)
        #expect(Set(queue.readRecords).isEmpty)
        queue.enqueue(changed: ["a"]) { source("a") }
        let taken11 = queue.beginDelivery()
        #expect(taken11 == nil)
    }

    @Test func recordsNoLongerReadAreUnindexed() throws {
        var queue = RecordSubscriptions()
        _ = queue.add(source: source("a", "b"), refresh: { _ in [] })
        let taken7 = queue.beginDelivery()
        let delivery = try #require(taken7)
        let finished = deliver(delivery, reading: ["a", "b"], in: &queue)
        #expect(finished == nil)
        queue.enqueue(changed: ["b"]) { source("a") }
        let taken8 = queue.beginDelivery()
        let next = try #require(taken8)
        let lastFinished = deliver(next, reading: ["a"], in: &queue)
        #expect(lastFinished == nil)
        #expect(Set(queue.readRecords) == ["a"])
    }
}
