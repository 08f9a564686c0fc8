import Foundation

extension Environment {
    /// The mutations waiting for the network (`Environment.OfflineMutations`): list them, cancel
    /// one, tell the queue when the network comes and goes, or send them now.
    ///
    /// Mutations are sent one at a time, in the order they were committed. One the server
    /// answers leaves the queue with its optimistic layer replaced by the answer; one the
    /// server refuses leaves it rolled back and is reported (`OfflineMutations.onFailure`); a
    /// connection failure stops the sending, and the queue waits for the network again: until
    /// `setNetworkReachable(true)`, `send()`, or any other request of the environment answered.
    public final class MutationQueue: @unchecked Sendable {
        /// One queued mutation, with its layer and how to send it.
        private struct Entry {
            var mutation: QueuedMutation
            var layer: Int?
            /// Sends it; returns what tells its caller the answer, once it has left the queue.
            let send: @Sendable (Environment, _ layer: Int?) async throws -> Delivery
            /// Tells the caller waiting in `commitMutation`, if any, how it ended.
            let finish: @Sendable (any Error) -> Void
        }

        /// Tells a mutation's caller the server's answer.
        typealias Delivery = @Sendable () -> Void

        let configuration: OfflineMutations?
        private let onStorageFailure: @Sendable (any Error) -> Void
        private let now: @Sendable () -> Date
        private weak var environment: Environment?
        private let lock = NSLock()
        private var entries: [Entry] = []
        private var nextID = 1
        private var isReachable = true
        /// The task sending the queue, while one does.
        private var sending: Task<Void, Never>?
        /// The mutation being sent from the queue, which cannot be cancelled.
        private var sendingID: Int?
        private var watchers: [Int: AsyncStream<[QueuedMutation]>.Continuation] = [:]
        private var nextWatcher = 0

        init(
            configuration: OfflineMutations?, now: @escaping @Sendable () -> Date,
            onStorageFailure: @escaping @Sendable (any Error) -> Void
        ) {
            self.configuration = configuration
            self.now = now
            self.onStorageFailure = onStorageFailure
        }

        // MARK: For the app

        /// The mutations waiting, in the order they will be sent.
        public var mutations: [QueuedMutation] {
            lock.withLock { entries.map(\.mutation) }
        }

        /// Yields the queue's mutations now and after each change, until the iteration stops:
        /// for a badge of changes not yet sent.
        public func changes() -> AsyncStream<[QueuedMutation]> {
            let (stream, continuation) = AsyncStream<[QueuedMutation]>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let id = lock.withLock {
                let id = nextWatcher
                nextWatcher += 1
                watchers[id] = continuation
                continuation.yield(entries.map(\.mutation))
                return id
            }
            continuation.onTermination = { [weak self] _ in
                guard let self else { return }
                _ = self.lock.withLock { self.watchers.removeValue(forKey: id) }
            }
            return stream
        }

        /// The app's reachability signal (from `NWPathMonitor`, say). Unreachable: listed
        /// mutations are queued without being tried. Reachable: the queue is sent.
        public func setNetworkReachable(_ reachable: Bool) {
            let sends = lock.withLock {
                isReachable = reachable
                return reachable && !entries.isEmpty && sending == nil
            }
            if sends { Task { await self.send() } }
        }

        /// Sends the queued mutations now, in order, whatever the queue believed of the
        /// network; returns when the queue is empty or a connection failure stopped it.
        public func send() async {
            let task = lock.withLock {
                isReachable = true
                if let sending { return sending }
                let task = Task { await self.sendQueued() }
                sending = task
                return task
            }
            await task.value
        }

        /// Sends the first mutation until none is left or the network fails; the one task
        /// doing so is `sending`, which this clears under the lock as it stops.
        private func sendQueued() async {
            while let entry = next() {
                guard let environment else {
                    stopSending()
                    return
                }
                do {
                    let deliver = try await entry.send(environment, entry.layer)
                    remove(entry.mutation.id)
                    deliver()
                } catch  where configuration?.isConnectionFailure(error) == true {
                    stopSending(unreachable: true)
                    return
                } catch {
                    // The executor removed the optimistic layer with the failure. Reported before
                    // it leaves the queue, so whoever sees it leave can find the report.
                    configuration?.onFailure(entry.mutation, error)
                    remove(entry.mutation.id)
                    entry.finish(error)
                }
            }
        }

        private func stopSending(unreachable: Bool = false) {
            lock.withLock {
                if unreachable { isReachable = false }
                sendingID = nil
                sending = nil
            }
        }

        /// Removes a queued mutation and rolls its optimistic response back; its
        /// `commitMutation` throws `CancellationError`. False when it is not queued, or is
        /// being sent.
        @discardableResult
        public func cancel(_ id: QueuedMutation.ID) -> Bool {
            let cancelled: Entry? = lock.withLock {
                guard sendingID != id, let index = entries.firstIndex(where: { $0.mutation.id == id }) else {
                    return nil
                }
                return entries.remove(at: index)
            }
            guard let cancelled else { return false }
            unsave(id)
            if let layer = cancelled.layer { environment?.store.removeLayer(layer) }
            cancelled.finish(CancellationError())
            notify()
            return true
        }

        // MARK: For the environment

        /// Restores the saved queue: the optimistic responses shown again, in order, then sent.
        func start(in environment: Environment) {
            self.environment = environment
            guard let configuration, let storage = configuration.storage else { return }
            let saved: [QueuedMutation]
            do {
                saved = try storage.loadQueuedMutations().sorted { $0.id < $1.id }
            } catch {
                onStorageFailure(error)
                return
            }
            var restored: [Entry] = []
            for mutation in saved {
                guard let kind = configuration.kinds[mutation.operationName] else {
                    unsave(mutation.id)
                    configuration.onFailure(
                        mutation,
                        RelayError.invalidArtifact(
                            "\(mutation.operationName) was queued offline and is not among the mutations the queue accepts"
                        ))
                    continue
                }
                // A response that no longer fits the mutation is not shown; the mutation is still sent.
                let layer = try? kind.applyOptimistic(environment, mutation.variables, mutation.optimisticResponse)
                restored.append(
                    Entry(
                        mutation: mutation, layer: layer,
                        send: { environment, layer in
                            try await kind.send(environment, mutation.variables, layer)
                            return {}
                        }, finish: { _ in }))
            }
            lock.withLock {
                entries = restored
                nextID = (saved.last?.id ?? 0) + 1
            }
            if !restored.isEmpty { Task { await self.send() } }
        }

        /// Whether a mutation of this type waits for the network when it cannot be sent.
        func accepts(_ name: String) -> Bool {
            configuration?.kinds[name] != nil
        }

        /// Commits a mutation the queue accepts, its optimistic layer applied: sent at once when
        /// the network is believed reachable and nothing waits, else queued. `send` returns
        /// once the server answered, with the delivery of the answer to the caller (made once
        /// the mutation left the queue); `finish` is told how it ended otherwise.
        func commit(
            operationName: String, variables: VariableData, optimisticResponse: VariableValue?, layer: Int?,
            send: @escaping @Sendable (Environment, _ layer: Int?) async throws -> Delivery,
            finish: @escaping @Sendable (any Error) -> Void
        ) {
            let (id, sendsNow) = lock.withLock {
                defer { nextID += 1 }
                return (nextID, isReachable && entries.isEmpty)
            }
            let entry = Entry(
                mutation: QueuedMutation(
                    id: id, operationName: operationName, variables: variables,
                    optimisticResponse: optimisticResponse, committedAt: now()),
                layer: layer, send: send, finish: finish)
            guard sendsNow else {
                enqueue(entry)
                let sends = lock.withLock { isReachable && sending == nil }
                if sends { Task { await self.send() } }
                return
            }
            Task {
                guard let environment = self.environment else { return }
                do {
                    try await send(environment, layer)()
                } catch  where configuration?.isConnectionFailure(error) == true {
                    // Not sent: it waits, its layer in place, and so do those after it.
                    lock.withLock { isReachable = false }
                    enqueue(entry)
                } catch {
                    finish(error)
                }
            }
        }

        /// Another request of the environment was answered: the network is back.
        func networkAnswered() {
            let sends = lock.withLock { sending == nil && !entries.isEmpty }
            if sends { Task { await self.send() } }
        }

        // MARK: Keeping the queue

        /// The first mutation, now being sent; nil, and the sending over, when none is left.
        private func next() -> Entry? {
            lock.withLock {
                guard let first = entries.first else {
                    sendingID = nil
                    sending = nil
                    return nil
                }
                sendingID = first.mutation.id
                return first
            }
        }

        /// Adds a mutation in commit order, and saves it.
        private func enqueue(_ entry: Entry) {
            lock.withLock {
                let index = entries.firstIndex { $0.mutation.id > entry.mutation.id } ?? entries.endIndex
                entries.insert(entry, at: index)
            }
            do {
                try configuration?.storage?.saveQueuedMutation(entry.mutation)
            } catch {
                onStorageFailure(error)
            }
            notify()
        }

        private func remove(_ id: Int) {
            lock.withLock {
                entries.removeAll { $0.mutation.id == id }
                if sendingID == id { sendingID = nil }
            }
            unsave(id)
            notify()
        }

        private func unsave(_ id: Int) {
            do {
                try configuration?.storage?.removeQueuedMutation(id: id)
            } catch {
                onStorageFailure(error)
            }
        }

        private func notify() {
            lock.withLock {
                let mutations = entries.map(\.mutation)
                for watcher in watchers.values { watcher.yield(mutations) }
            }
        }
    }
}
