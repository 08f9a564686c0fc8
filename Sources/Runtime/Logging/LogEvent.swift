import Foundation
@_spi(RelayGenerated) import RelayContract

extension Environment {
    /// What the runtime does, event by event (relay-runtime's environment `log`), for tools and
    /// apps that trace it: `Configuration.log` is told each one, on the task that caused it, never
    /// under a lock of the runtime's. `name` is Relay's name for the event.
    public enum LogEvent: Sendable {
        /// A request's execution began (`fetchQuery`, a mutation, `execute`, a subscription);
        /// `executeID` ties the events of one execution together.
        case executeStart(executeID: Int, operation: String, variables: VariableData)
        /// A payload of its response was written into the store; its data is being delivered.
        case executeNext(executeID: Int)
        case executeComplete(executeID: Int)
        case executeError(executeID: Int, error: any Error)
        /// The request went to the network.
        case networkStart(executeID: Int, operation: String, variables: VariableData)
        /// A payload of `byteCount` bytes arrived.
        case networkNext(executeID: Int, byteCount: Int)
        case networkComplete(executeID: Int)
        case networkError(executeID: Int, error: any Error)
        /// Records were written: a response or an updater (`operation` is the operation whose
        /// response it is), or an optimistic layer added or rolled back (`optimistic`).
        case storePublish(operation: String?, optimistic: Bool, changedRecords: Set<DataID>)
        /// The subscriptions reading `changedRecords` are being told.
        case storeNotifyStart(changedRecords: Set<DataID>)
        case storeNotifyComplete(changedRecords: Set<DataID>)
        /// Garbage collection ran and removed `removedRecords` records.
        case storeGarbageCollection(removedRecords: Int)
        /// An offline mutation joined the queue (saved first, when the queue is saved).
        case mutationQueued(QueuedMutation)
        /// A queued mutation is being sent.
        case mutationSending(QueuedMutation)
        /// A queued mutation left the queue: answered (`error` nil), refused, or cancelled.
        case mutationDequeued(QueuedMutation, error: (any Error)?)
        /// Sending the queue stopped at a connection failure: its mutations wait for the network.
        case mutationQueueWaiting(count: Int)

        /// The event's name, as relay-runtime logs it (`execute.start`, `store.publish`, …); the
        /// offline queue's, which Relay does not have, under `mutationqueue.`.
        public var name: String {
            switch self {
            case .executeStart: "execute.start"
            case .executeNext: "execute.next"
            case .executeComplete: "execute.complete"
            case .executeError: "execute.error"
            case .networkStart: "network.start"
            case .networkNext: "network.next"
            case .networkComplete: "network.complete"
            case .networkError: "network.error"
            case .storePublish: "store.publish"
            case .storeNotifyStart: "store.notify.start"
            case .storeNotifyComplete: "store.notify.complete"
            case .storeGarbageCollection: "store.gc"
            case .mutationQueued: "mutationqueue.queued"
            case .mutationSending: "mutationqueue.sending"
            case .mutationDequeued: "mutationqueue.dequeued"
            case .mutationQueueWaiting: "mutationqueue.waiting"
            }
        }
    }
}
