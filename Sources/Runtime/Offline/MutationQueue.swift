import Foundation

extension Environment {
    /// The mutations waiting for the network (`Environment.OfflineMutations`): list them, cancel
    /// one, tell the queue when the network comes and goes, or send them now.
    ///
    /// Every mutation the configuration lists joins the queue as it is committed, saved before
    /// it is first sent, so a process killed at any moment after the commit loses none. They
    /// are sent one at a time, in the order they were committed, each with its
    /// `idempotencyKey`. One the server answers leaves the queue (and storage) as its answer is
    /// applied, its optimistic layer replaced by the answer; one the server refuses leaves it
    /// rolled back and is reported (`OfflineMutations.onFailure`) when it had waited; a
    /// connection failure stops the sending, and the queue waits for the network again: until
    /// `setNetworkReachable(true)`, `send()`, or any other request of the environment answered.
    public final class MutationQueue: @unchecked Sendable {
        /// One queued mutation, with its layer and how to send it.
        private struct Entry {
            var mutation: QueuedMutation
            var layer: Int?
            /// Sends it; returns what tells its caller the answer, once it has left the queue.
            let send: @Sendable (_ layer: Int?) async throws -> Delivery
            /// Tells the caller waiting in `commitMutation`, if any, how it ended.
            let finish: @Sendable (any Error) -> Void
            /// Whether a refusal goes to `onFailure` too: for a mutation that waited for the
            /// network (or was restored), whose caller may be long gone. One sent when its turn
            /// came, the network up all along, has its caller told, as any mutation's.
            var waited: Bool
        }

        /// Tells a mutation's caller the server's answer.
        typealias Delivery = @Sendable () -> Void

        let configuration: OfflineMutations?
        private let onStorageFailure: @Sendable (any Error) -> Void
        private let now: @Sendable () -> Date
        private let log: EventLog
        /// What sends the restored mutations and rolls back a cancelled one's layer: the
        /// environment's executor and, through it, the store (no reference to the environment).
        private var executor: OperationExecutor?
        private let lock = NSLock()
        /// Held while a commit takes its place and is saved, so the queue's order is the order
        /// of the saves and the sender never sends a mutation before it is saved.
        private let commitLock = NSLock()
        private var entries: [Entry] = []
        private var nextID = 1
        private var isReachable = true
        /// Counts the signals that the network is back (`setNetworkReachable(true)`, `send()`,
        /// another request answered): a connection failure of an attempt made before the
        /// latest signal is tried again rather than believed.
        private var networkSignals = 0
        /// The count when the attempt under way began.
        private var signalsAtAttempt = 0
        /// The task sending the queue, while one does.
        private var sending: Task<Void, Never>?
        /// The mutation being sent from the queue, which cannot be cancelled.
        private var sendingID: Int?
        private var watchers: [Int: AsyncStream<[QueuedMutation]>.Continuation] = [:]
        private var nextWatcher = 0

        init(
            configuration: OfflineMutations?, now: @escaping @Sendable () -> Date,
            onStorageFailure: @escaping @Sendable (any Error) -> Void, log: EventLog = EventLog(nil)
        ) {
            self.configuration = configuration
            self.log = log
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
                if reachable { networkSignals += 1 }
                return reachable && !entries.isEmpty && sending == nil
            }
            if sends { Task { await self.send() } }
        }

        /// Sends the queued mutations now, in order, whatever the queue believed of the
        /// network; returns when the queue is empty or a connection failure stopped it.
        public func send() async {
            let task = lock.withLock {
                isReachable = true
                networkSignals += 1
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
                log(.mutationSending(entry.mutation))
                do {
                    let deliver = try await QueuedMutation.$beingSent.withValue(entry.mutation) {
                        try await entry.send(entry.layer)
                    }
                    // Its answer is applied: it leaves storage before its caller hears, so it is
                    // never sent again.
                    remove(entry.mutation.id)
                    log(.mutationDequeued(entry.mutation, error: nil))
                    deliver()
                } catch  where configuration?.isConnectionFailure(error) == true {
                    if stopsAtConnectionFailure() { return }
                } catch {
                    // The executor removed the optimistic layer with the failure. Reported before
                    // it leaves the queue, so whoever sees it leave can find the report.
                    if entry.waited { configuration?.onFailure(entry.mutation, error) }
                    remove(entry.mutation.id)
                    log(.mutationDequeued(entry.mutation, error: error))
                    entry.finish(error)
                }
            }
        }

        private func stopSending() {
            lock.withLock {
                sendingID = nil
                sending = nil
            }
        }

        /// After an attempt failed to reach the server: every mutation now waits for the
        /// network, and the sending stops (true) — unless the app said the network was back
        /// after the attempt began, when the same mutation is tried again (false).
        private func stopsAtConnectionFailure() -> Bool {
            let waiting: Int? = lock.withLock {
                for index in entries.indices { entries[index].waited = true }
                guard networkSignals == signalsAtAttempt else { return nil }
                isReachable = false
                sendingID = nil
                sending = nil
                return entries.count
            }
            guard let waiting else { return false }
            log(.mutationQueueWaiting(count: waiting))
            return true
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
            if let layer = cancelled.layer { lock.withLock({ executor })?.store.removeLayer(layer) }
            log(.mutationDequeued(cancelled.mutation, error: CancellationError()))
            cancelled.finish(CancellationError())
            notify()
            return true
        }

        // MARK: For the environment

        /// Restores the saved queue: the optimistic responses shown again, in order, then sent,
        /// through `executor`.
        func start(sendingWith executor: OperationExecutor) {
            lock.withLock { self.executor = executor }
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
                let layer = try? kind.applyOptimistic(executor, mutation.variables, mutation.optimisticResponse)
                let keepsLayer = configuration.isConnectionFailure
                restored.append(
                    Entry(
                        mutation: mutation, layer: layer,
                        send: { layer in
                            try await kind.send(executor, mutation.variables, layer, keepsLayer)
                            return {}
                        }, finish: { _ in }, waited: true))
            }
            lock.withLock {
                entries = restored
                nextID = (saved.last?.id ?? 0) + 1
            }
            if !restored.isEmpty { Task { await self.send() } }
        }

        /// Commits a mutation the queue accepts, its optimistic layer applied: saved on the
        /// caller's thread before this returns (one storage write: a kill from then on loses
        /// nothing), then queued behind those committed before it, and sent when its turn comes
        /// and the network is believed reachable. `send` returns once the server answered, with
        /// the delivery of the answer to the caller (made once the mutation left the queue);
        /// `finish` is told how it ended otherwise.
        func commit(
            operationName: String, variables: VariableData, optimisticResponse: VariableValue?, layer: Int?,
            send: @escaping @Sendable (_ layer: Int?) async throws -> Delivery,
            finish: @escaping @Sendable (any Error) -> Void
        ) {
            let (mutation, sends) = commitLock.withLock {
                let (id, waits) = lock.withLock {
                    defer { nextID += 1 }
                    return (nextID, !isReachable)
                }
                let mutation = QueuedMutation(
                    id: id, operationName: operationName, variables: variables,
                    optimisticResponse: optimisticResponse, committedAt: now())
                save(mutation)
                let entry = Entry(mutation: mutation, layer: layer, send: send, finish: finish, waited: waits)
                return (mutation, enqueue(entry))
            }
            log(.mutationQueued(mutation))
            if sends { Task { await self.sendIfReachable() } }
        }

        /// Starts sending the queue unless the network is believed unreachable, and returns when
        /// that sending ends.
        private func sendIfReachable() async {
            let task: Task<Void, Never>? = lock.withLock {
                guard isReachable else { return nil }
                if let sending { return sending }
                let task = Task { await self.sendQueued() }
                sending = task
                return task
            }
            await task?.value
        }

        /// Another request of the environment was answered: the network is back.
        func networkAnswered() {
            let sends = lock.withLock {
                networkSignals += 1
                return sending == nil && !entries.isEmpty
            }
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
                signalsAtAttempt = networkSignals
                return first
            }
        }

        /// Adds a mutation in commit order; true when nothing sends the queue yet and the network
        /// is believed reachable, so the caller starts the sending.
        private func enqueue(_ entry: Entry) -> Bool {
            let startsSending = lock.withLock {
                let index = entries.firstIndex { $0.mutation.id > entry.mutation.id } ?? entries.endIndex
                entries.insert(entry, at: index)
                return isReachable && sending == nil
            }
            notify()
            return startsSending
        }

        private func save(_ mutation: QueuedMutation) {
            do {
                try configuration?.storage?.saveQueuedMutation(mutation)
            } catch {
                onStorageFailure(error)
            }
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
