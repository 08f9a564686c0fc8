/// Who reads which records, and the notifications on their way to them.
///
/// Writes happen under `RecordStore`'s lock; reading a subscription's data again and yielding
/// it does not: a write only *enqueues* a notification (the records it changed, the source as it
/// left it, and the subscriptions that read one of those records), and one caller at a time
/// delivers the queue outside the lock, in order. So a slow reader never holds up a writer, and
/// a subscriber never sees an older snapshot after a newer one.
///
/// A subscription reads a source outside the lock and is indexed under the records it saw only
/// afterwards; a later write to a record it saw for the first time would find it missing from
/// the index. Delivery closes that gap: when it indexes newly seen records, it adds the
/// subscription to every queued notification that changed one of them. Every write enqueues
/// while a delivery is under way (even one no subscription reads yet), so none is missed.
///
/// A value type without a lock: `RecordStore` owns it and calls it under its lock.
struct RecordSubscriptions {
    /// One subscriber: reads its data from a source, yields it if it changed, and returns the
    /// records it read. Only the delivering caller calls `refresh`, one at a time.
    final class Subscriber {
        let id: Int
        let refresh: (RecordSource) -> Set<DataID>
        /// The records the last refresh read, as indexed. Guarded by the store's lock.
        fileprivate(set) var seenRecords: Set<DataID> = []

        init(id: Int, refresh: @escaping (RecordSource) -> Set<DataID>) {
            self.id = id
            self.refresh = refresh
        }
    }

    /// Records that changed and the source the change left behind.
    struct Notification {
        let changed: Set<DataID>
        let source: RecordSource
        /// The subscribers to refresh, by id (refreshed in id order, so in subscription order).
        fileprivate(set) var subscriberIDs: Set<Int>
    }

    /// A notification taken off the queue, with its subscribers, to refresh outside the lock.
    struct Delivery {
        let source: RecordSource
        let subscribers: [Subscriber]
    }

    private var subscribers: [Int: Subscriber] = [:]
    /// The subscribers that read each record.
    private var readers: [DataID: Set<Int>] = [:]
    private var queue: [Notification] = []
    private var nextID = 0
    /// Whether some caller is delivering the queue now.
    private(set) var isDelivering = false

    /// True when nothing is queued or being delivered: every subscriber's index is current.
    var isIdle: Bool { !isDelivering && queue.isEmpty }

    /// Every record some subscriber read (what garbage collection must keep).
    var readRecords: Dictionary<DataID, Set<Int>>.Keys { readers.keys }

    /// Registers a subscriber and queues its first read of `source`.
    mutating func add(source: RecordSource, refresh: @escaping (RecordSource) -> Set<DataID>) -> Int {
        let id = nextID
        nextID += 1
        subscribers[id] = Subscriber(id: id, refresh: refresh)
        queue.append(Notification(changed: [], source: source, subscriberIDs: [id]))
        return id
    }

    mutating func remove(_ id: Int) {
        guard let subscriber = subscribers.removeValue(forKey: id) else { return }
        for record in subscriber.seenRecords { removeReader(id, of: record) }
    }

    /// Queues a notification of `changed` for the subscribers that read one of those records.
    /// `source()` is only asked for when the notification is queued.
    mutating func enqueue(changed: Set<DataID>, source: () -> RecordSource) {
        guard !changed.isEmpty else { return }
        var subscriberIDs: Set<Int> = []
        for record in changed {
            if let ids = readers[record] { subscriberIDs.formUnion(ids) }
        }
        // While a delivery is under way, a subscriber may be about to index records it has just
        // read; the notification must be in the queue for it to be added to.
        guard !subscriberIDs.isEmpty || !isIdle else { return }
        queue.append(Notification(changed: changed, source: source(), subscriberIDs: subscriberIDs))
    }

    /// Takes the next notification for the caller to deliver, unless another caller is
    /// delivering (it will deliver this one too) or the queue is empty.
    mutating func beginDelivery() -> Delivery? {
        guard !isDelivering else { return nil }
        return takeNext()
    }

    /// Indexes what a delivery's subscribers read, then takes the next notification; nil when
    /// the queue is empty and the delivery is over.
    mutating func finishDelivery(_ results: [(Subscriber, Set<DataID>)]) -> Delivery? {
        for (subscriber, seen) in results where subscribers[subscriber.id] === subscriber {
            index(subscriber, seen: seen)
        }
        return takeNext()
    }

    private mutating func takeNext() -> Delivery? {
        guard !queue.isEmpty else {
            isDelivering = false
            return nil
        }
        isDelivering = true
        let next = queue.removeFirst()
        return Delivery(source: next.source, subscribers: next.subscriberIDs.sorted().compactMap { subscribers[$0] })
    }

    private mutating func index(_ subscriber: Subscriber, seen: Set<DataID>) {
        let previous = subscriber.seenRecords
        guard seen != previous else { return }
        for record in previous where !seen.contains(record) { removeReader(subscriber.id, of: record) }
        let newlySeen = seen.subtracting(previous)
        for record in newlySeen { readers[record, default: []].insert(subscriber.id) }
        subscriber.seenRecords = seen
        for position in queue.indices where !queue[position].changed.isDisjoint(with: newlySeen) {
            queue[position].subscriberIDs.insert(subscriber.id)
        }
    }

    private mutating func removeReader(_ id: Int, of record: DataID) {
        readers[record]?.remove(id)
        if readers[record]?.isEmpty == true { readers[record] = nil }
    }
}
