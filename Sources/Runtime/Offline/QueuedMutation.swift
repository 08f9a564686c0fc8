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

        public init(
            id: Int, operationName: String, variables: VariableData, optimisticResponse: VariableValue?,
            committedAt: Date
        ) {
            self.id = id
            self.operationName = operationName
            self.variables = variables
            self.optimisticResponse = optimisticResponse
            self.committedAt = committedAt
        }
    }

    /// Where queued mutations outlive the process (`RelayPersistence`'s `SQLiteRecordStorage`
    /// is one): a mutation is saved when it is queued and removed once the server answered it
    /// or it was cancelled.
    public protocol MutationQueueStorage: AnyObject, Sendable {
        /// Every mutation saved, in any order.
        func loadQueuedMutations() throws -> [QueuedMutation]
        func saveQueuedMutation(_ mutation: QueuedMutation) throws
        func removeQueuedMutation(id: Int) throws
    }

    /// Which mutations wait for the network when the server cannot be reached, where they are
    /// kept, and who hears of those the server refuses later.
    ///
    /// A listed mutation committed while the network is unreachable (the app said so with
    /// `mutationQueue.setNetworkReachable(false)`, or sending it failed with a connection
    /// failure) keeps its optimistic response in the store and joins the queue; the queue sends
    /// its mutations in order when the network returns. Its `commitMutation` returns when the
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
