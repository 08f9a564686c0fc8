import Foundation
@_spi(RelayGenerated) import RelayContract

/// The Relay Resolver values one store has computed (relay-runtime's resolver cache and live
/// resolver store).
///
/// For each resolver, record and arguments it keeps the root fragment data the function last ran
/// on and what it gave, so a read runs the function again only when that data differs. For a
/// `@live` resolver what the function gave is a live state: the cache subscribes to it, reads it
/// once per change, and tells the store (`onLiveChange`) so the snapshots that read the field —
/// each live field is a record of its own in what a read saw, `liveID` — and no others are read
/// again.
///
/// Entries follow the records: garbage collection drops those of records it removed and ends
/// their live states' subscriptions.
final class ResolverCache: RecordDerivedValues, @unchecked Sendable {
    struct Key: Hashable {
        let resolver: ObjectIdentifier
        let record: DataID
        let arguments: [String: VariableValue]
    }

    private struct Memo {
        let input: VariableValue
        let output: Result<VariableValue, ResolverFailure>
        /// A model's value the function made; `output` is its token.
        var model: (any Sendable)? = nil
    }

    private struct LiveEntry {
        let input: VariableValue
        /// The field's id in reads' seen records, kept across runs of the function.
        let id: DataID
        /// Tells this run's callbacks from an earlier run's.
        let generation: UInt64
        let state: AnyLiveState
        let cancel: @Sendable () -> Void
        /// The value read since the last change; nil until read again.
        var value: Result<VariableValue, ResolverFailure>?
    }

    private let lock = NSLock()
    private var memo: [Key: Memo] = [:]
    /// Where each model value's memo is, by the token the reader sees for it.
    private var modelTokens: [String: Key] = [:]
    /// The client objects resolvers' edges lead to (`ClientObjects`), each with what it lives
    /// as long as: a weak model's token, an output type's parent, nothing for a strong model.
    private var clientObjects: [DataID: (record: Record, owner: DataID?)] = [:]
    private var live: [Key: LiveEntry] = [:]
    private var nextGeneration: UInt64 = 0
    /// Subscriptions of dropped live entries, ended outside the store's lock.
    private var retired: [@Sendable () -> Void] = []
    private var onLiveChange: (@Sendable (DataID) -> Void)?
    /// More memoized records than this and the memo starts over (those still read are computed
    /// again once); garbage collection usually prunes it first.
    static let memoLimit = 10_000

    /// Sets what to call with a live field's id when its state changed.
    func setLiveChangeHandler(_ handler: @escaping @Sendable (DataID) -> Void) {
        lock.withLock { onLiveChange = handler }
    }

    /// The field's value for `record`, and for a live resolver the id reads must count as seen.
    func value(
        of resolver: RelayResolverFunction, record: DataID, arguments: [String: VariableValue], input: VariableValue
    ) -> (value: Result<VariableValue, ResolverFailure>, liveID: DataID?) {
        let key = Key(resolver: ObjectIdentifier(resolver), record: record, arguments: arguments)
        let (memoized, current) = lock.withLock { (memo[key], live[key]) }
        if let memoized, memoized.input == input { return (memoized.output, nil) }
        if let current, current.input == input { return (current.value ?? readAgain(key, current), current.id) }
        let model = resolver.takesModel ? self.model(in: input) : nil
        // The function runs outside the lock: it may read other resolvers' fields.
        switch resolver.evaluate(input: input, arguments: arguments, model: model) {
        case .value(let output):
            return remember(Memo(input: input, output: output), at: key)
        case .instance(let model):
            guard let model else { return remember(Memo(input: input, output: .success(.null)), at: key) }
            let token = lock.withLock {
                nextGeneration += 1
                return "client:__model:\(nextGeneration)"
            }
            return remember(Memo(input: input, output: .success(.string(token)), model: model), at: key)
        case .live(let state):
            return start(state, key: key, input: input)
        }
    }

    /// Keeps what the function gave for `key`, replacing a live state it returned before.
    private func remember(_ entry: Memo, at key: Key) -> (
        value: Result<VariableValue, ResolverFailure>, liveID: DataID?
    ) {
        let dropped = lock.withLock {
            if memo.count >= Self.memoLimit {
                memo.removeAll(keepingCapacity: true)
                modelTokens.removeAll(keepingCapacity: true)
            }
            if case .success(.string(let token))? = memo[key]?.output, memo[key]?.model != nil {
                modelTokens[token] = nil
            }
            memo[key] = entry
            if case .success(.string(let token)) = entry.output, entry.model != nil { modelTokens[token] = key }
            return live.removeValue(forKey: key)
        }
        dropped?.cancel()
        return (entry.output, dropped?.id)
    }

    /// Keeps a client object's record for reads of its id.
    func keep(_ record: Record, owner: DataID?) {
        lock.withLock {
            if clientObjects.count >= Self.memoLimit { clientObjects.removeAll(keepingCapacity: true) }
            clientObjects[record.id] = (record, owner)
        }
    }

    /// The client object of id `id`, when a resolver's edge led to it.
    func clientObject(_ id: DataID) -> Record? {
        lock.withLock { clientObjects[id]?.record }
    }

    /// The model value whose token the root fragment data `input` holds.
    private func model(in input: VariableValue) -> (any Sendable)? {
        guard case .object(let fields) = input, case .string(let token)? = fields[modelInstanceField] else {
            return nil
        }
        return lock.withLock { modelTokens[token].flatMap { memo[$0]?.model } }
    }

    /// Subscribes to a live state the function just returned, replacing the run before.
    private func start(_ state: AnyLiveState, key: Key, input: VariableValue) -> (
        value: Result<VariableValue, ResolverFailure>, liveID: DataID
    ) {
        let (generation, id) = lock.withLock {
            nextGeneration += 1
            return (nextGeneration, live[key]?.id ?? DataID("client:__live:\(nextGeneration)"))
        }
        // Subscribed before reading: a change in between is in the value read or is told.
        let cancel = state.subscribe { [weak self] in self?.changed(key, generation: generation) }
        let value = state.value()
        let replaced: LiveEntry? = lock.withLock {
            defer {
                live[key] = LiveEntry(
                    input: input, id: id, generation: generation, state: state, cancel: cancel, value: value)
            }
            memo[key] = nil
            return live[key]
        }
        replaced?.cancel()
        return (value, id)
    }

    /// Reads a live state again after a change, keeping the value for the next reads.
    private func readAgain(_ key: Key, _ entry: LiveEntry) -> Result<VariableValue, ResolverFailure> {
        let value = entry.state.value()
        lock.withLock {
            if live[key]?.generation == entry.generation, live[key]?.value == nil { live[key]?.value = value }
        }
        return value
    }

    /// A live state's callback: its value is read again at the next read, and the store tells
    /// the readers of the field.
    private func changed(_ key: Key, generation: UInt64) {
        let (id, handler): (DataID?, (@Sendable (DataID) -> Void)?) = lock.withLock {
            guard live[key]?.generation == generation else { return (nil, nil) }
            live[key]?.value = nil
            return (live[key]?.id, onLiveChange)
        }
        if let id { handler?(id) }
    }

    /// Drops the entries of records `isRetained` does not keep and of the client objects that
    /// hung on them (called by garbage collection, under the store's lock); their live
    /// subscriptions end at `endRetiredSubscriptions()`.
    func prune(keeping isRetained: (DataID) -> Bool) {
        lock.withLock {
            // A client object lives while what it hangs on does: a strong model's always (it is
            // made of its id); a weak model's while the record its value was made on; an output
            // type's while the record its edge is on. Entries on kept objects are kept.
            func isKept(record id: DataID) -> Bool {
                isRetained(id) || clientObjects[id].map { $0.owner == nil } ?? false
            }
            clientObjects = clientObjects.filter { _, object in
                guard let owner = object.owner else { return true }
                return isKept(record: modelTokens[owner.rawValue]?.record ?? owner)
            }
            func isKept(_ id: DataID) -> Bool { isRetained(id) || clientObjects[id] != nil }
            memo = memo.filter { isKept($0.key.record) }
            modelTokens = modelTokens.filter { memo[$0.value] != nil }
            for (key, entry) in live where !isKept(key.record) {
                live[key] = nil
                retired.append(entry.cancel)
            }
        }
    }

    /// Ends the subscriptions of entries garbage collection dropped (outside the store's lock, as
    /// a live state's own lock may be taken while it calls back into the store).
    func endRetiredSubscriptions() {
        let ending = lock.withLock {
            defer { retired = [] }
            return retired
        }
        for cancel in ending { cancel() }
    }

    /// How many live states are subscribed to now.
    var liveSubscriptionCount: Int { lock.withLock { live.count } }

    /// Where a client edge leads: `ClientObjects` makes a record of a client object, kept here.
    func clientEdgeTarget(
        _ value: VariableValue, as target: ReaderResolverField.ClientEdge.Target, type: String?, objectID: DataID,
        on parent: DataID, in source: RecordSource
    ) -> DataID? {
        ClientObjects.register(value, as: target, type: type, objectID: objectID, on: parent, in: source, cache: self)
    }
}
