import Foundation

extension Environment {
    /// A mutation waiting for the network, as the queue keeps it (and storage saves it): enough
    /// to show its optimistic response and send it after a restart.
    public struct QueuedMutation: Sendable, Hashable, Identifiable {
        /// Its place: a mutation committed later has a larger id, and is sent after it.
        public let id: Int
        /// The generated mutation's name (`ChangeTodoStatusMutation`).
        public let operationName: String
        /// Its variables as they are sent, defaults and provided variables filled in.
        public let variables: VariableData
        /// Its optimistic response, shown again after a restart.
        public let optimisticResponse: VariableValue?
        /// When it was committed.
        public let committedAt: Date
        /// Names this mutation, not this attempt: made once at commit, saved with it, and sent
        /// with every attempt, after a restart too (the `Idempotency-Key` header over HTTP, and
        /// `extensions.idempotencyKey` in the request body on every transport), so a server
        /// that remembers the keys it applied can answer a replay without applying it twice.
        public let idempotencyKey: UUID

        public init(
            id: Int, operationName: String, variables: VariableData, optimisticResponse: VariableValue?,
            committedAt: Date, idempotencyKey: UUID = UUID()
        ) {
            self.id = id
            self.operationName = operationName
            self.variables = variables
            self.optimisticResponse = optimisticResponse
            self.committedAt = committedAt
            self.idempotencyKey = idempotencyKey
        }

        /// The queued mutation whose request the current task is making: a `Network` of your
        /// own reads its `idempotencyKey` here to send it (the bundled networks do).
        @TaskLocal public static var beingSent: QueuedMutation?
    }

    /// Where queued mutations outlive the process (`RelayPersistence`'s `SQLiteRecordStorage`
    /// is one): a mutation is saved as it is committed, before it is first sent, and removed
    /// once the server's answer is applied, or it was refused or cancelled.
    public protocol MutationQueueStorage: AnyObject, Sendable {
        /// Every mutation saved, in any order.
        func loadQueuedMutations() throws -> [QueuedMutation]
        func saveQueuedMutation(_ mutation: QueuedMutation) throws
        func removeQueuedMutation(id: Int) throws
    }

    /// Which mutations wait for the network when the server cannot be reached, where they are
    /// kept, and who hears of those the server refuses later.
    ///
    /// Every listed mutation joins the queue as it is committed, saved before it is first sent,
    /// and the queue sends them one at a time in commit order. One committed while the network
    /// is unreachable (the app said so with `mutationQueue.setNetworkReachable(false)`, or
    /// sending failed with a connection failure) keeps its optimistic response in the store and
    /// waits; the queue sends on when the network returns. Its `commitMutation` returns when the
    /// server has answered. After a restart, the queue shows the saved optimistic responses
    /// again and sends the mutations; their updater closures are not saved, so a mutation
    /// replayed after a restart writes its response and its declarative edits (`@deleteRecord`,
    /// `@appendEdge`…) only.
    public struct OfflineMutations: Sendable {
        let kinds: [String: QueuedOperationKind]
        let storage: (any MutationQueueStorage)?
        let isConnectionFailure: @Sendable (any Error) -> Bool
        let onFailure: @Sendable (QueuedMutation, any Error) -> Void

        /// - Parameters:
        ///   - mutations: the generated mutations that may wait; others fail as usual offline.
        ///   - storage: where the queue is saved (nil: in memory, lost when the process ends).
        ///   - isConnectionFailure: which sending errors mean the server was not reached.
        ///   - onFailure: told of a queued mutation the server refused (its optimistic response
        ///     already rolled back), or, after a restart, one no longer in `mutations`.
        public init(
            queueing mutations: [any Operation.Type], storage: (any MutationQueueStorage)? = nil,
            isConnectionFailure: @escaping @Sendable (any Error) -> Bool = RelayError.isConnectionFailure,
            onFailure: @escaping @Sendable (QueuedMutation, any Error) -> Void = { _, _ in }
        ) {
            var kinds: [String: QueuedOperationKind] = [:]
            for mutation in mutations {
                let kind = QueuedOperationKind(mutation)
                kinds[kind.name] = kind
            }
            self.kinds = kinds
            self.storage = storage
            self.isConnectionFailure = isConnectionFailure
            self.onFailure = onFailure
        }
    }
}
